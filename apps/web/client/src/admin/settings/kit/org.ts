import { sessionStore } from '../../../api/platform';

/**
 * The organisation the console works on: the signed-in session's (its access token's
 * `organizationId`). Throws when the session names none (a platform administrator without an
 * organisation chosen), which the screens show as their error state.
 */
export function currentOrganisationId(): string {
  const id = sessionStore.session?.claims.organizationId;
  if (!id) throw new Error('No organisation is selected.');
  return id;
}
