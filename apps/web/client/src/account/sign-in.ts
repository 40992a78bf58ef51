import { api, sessionStore } from '../api/platform';
import { problemMessage, type ProblemMessage } from '../api/problem-message';
import type { Session } from '../session/session-store';
import { organisationOfLogin } from './account-links';

export type SignInOutcome = { kind: 'signed-in'; session: Session } | { kind: 'mfa'; challengeToken: string } | { kind: 'failed'; problem: ProblemMessage };

/**
 * An org login with what the person just chose (a new password, an accepted invitation, a new
 * organisation): signed in, or the MFA step the login page asks for, or the problem.
 */
export async function signInWithPassword(email: string, password: string, org?: string | null): Promise<SignInOutcome> {
  const { data, error, response } = await api.POST('/api/auth/org/login', { body: { email, password, ...organisationOfLogin(org) } });
  if (data?.mfa_required && data.challengeToken) return { kind: 'mfa', challengeToken: data.challengeToken };
  if (data?.accessToken && data.refreshToken) {
    return { kind: 'signed-in', session: sessionStore.signIn({ accessToken: data.accessToken, refreshToken: data.refreshToken }) };
  }
  return { kind: 'failed', problem: problemMessage(error, response) };
}

/** Ends this browser's session at the platform (its refresh-token family) and here, whatever the answer. */
export async function signOut(): Promise<void> {
  if (sessionStore.session) await api.POST('/api/auth/tokens/revoke', { body: {} }).catch(() => undefined);
  sessionStore.signOut();
}
