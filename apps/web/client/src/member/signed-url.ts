/** A signed URL this close to its end is signed anew before the browser follows it. */
const MARGIN_MS = 30_000;

/**
 * Whether a document's link must be fetched anew before it is followed: its signature (valid
 * 15 minutes, decision 0164) runs out within 30 s. A link without an expiry (PUBLIC, imported) never does.
 */
export function needsFreshLink(expiresAt: string | null | undefined, now: number = Date.now()): boolean {
  const expires = expiresAt ? Date.parse(expiresAt) : NaN;
  return Number.isFinite(expires) && expires - now <= MARGIN_MS;
}
