/** What a failed join request means, in the words the page shows (keys of the `member` strings). */
export type JoinRefusal = { kind: 'limit'; minutes: number } | { kind: 'closed' } | { kind: 'other' };

/**
 * A 429 is the per-address (or per-network) hourly limit (decision 0170), told with the wait
 * rounded up to whole minutes; a 403 is an organisation that takes no join requests online.
 */
export function joinRefusal(status: number, retryAfterSeconds: number | undefined): JoinRefusal {
  if (status === 429) return { kind: 'limit', minutes: Math.max(1, Math.ceil((retryAfterSeconds ?? 3600) / 60)) };
  if (status === 403) return { kind: 'closed' };
  return { kind: 'other' };
}
