/**
 * Whether a membership change ends the account's sessions in that organisation: a membership that
 * is no longer active (suspended, removed, rejected) loses access at once, and a role change on an
 * active membership ends the sessions too, so no token keeps the old role for up to an hour.
 */
export function membershipChangeEndsSessions(change: { status: string; previousStatus: string; role: string; previousRole: string }): boolean {
  if (change.status !== 'ACTIVE') return true;
  return change.previousStatus === 'ACTIVE' && change.previousRole !== '' && change.previousRole !== change.role;
}
