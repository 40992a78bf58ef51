/** Margin for clock differences between identity and the gateway (the gateway uses the same). */
const SKEW_SECONDS = 60;

/**
 * Whether a session can still have a valid access token, so that ending it must reach the gateway's
 * denylist: access tokens are issued only at login and refresh (which set `lastUsedAt`) and live
 * `accessSeconds`. Older sessions are ended in the database only.
 */
export function mayHoldLiveAccessTokens(lastUsedAt: Date, now: Date, accessSeconds: number): boolean {
  return now.getTime() - lastUsedAt.getTime() <= (accessSeconds + SKEW_SECONDS) * 1000;
}
