import { api, sessionStore } from '../../api/platform';
import { useSession } from '../../session/use-session';

/** The organisation the signed-in person administers (undefined for platform administrators). */
export function currentOrganisationId(): string | undefined {
  return sessionStore.session?.claims.organizationId;
}

/** The organisation of the session, re-rendering when the session changes (sign-in at another organisation). */
export function useOrganisationId(): string | undefined {
  return useSession()?.claims.organizationId;
}

/**
 * Where switching organisation goes: a token is issued for one organisation (decision 0184), so the
 * person signs in again naming the other one (its address, the slug), and comes back to the console.
 */
export function switchOrganisationUrl(slug: string, email?: string): string {
  const query = new URLSearchParams({ org: slug.trim(), next: '/admin' });
  if (email) query.set('email', email);
  return `/login?${query.toString()}`;
}

/** Ends the session at the platform (its refresh-token family) and in this browser, whatever the answer. */
export async function endSession(): Promise<void> {
  if (sessionStore.session) await api.POST('/api/auth/tokens/revoke', { body: {} }).catch(() => undefined);
  sessionStore.signOut();
}
