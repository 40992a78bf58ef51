/**
 * Whether the person is leaving the account pages on purpose (sign-out, deactivation): the session
 * then ends while the page they leave may still be on screen, and its guard must not send them to
 * sign in (with `?next=` back to the page they left).
 */
let leaving = false;

export function markLeaving(): void {
  leaving = true;
}

export function isLeaving(): boolean {
  return leaving;
}

/** The account pages are open with a session again: a later ending is not a chosen one. */
export function clearLeaving(): void {
  leaving = false;
}
