/** What a verification established about a token: the key set that signed it and its claims. */
export interface VerifiedToken<Set extends string = string> {
  set: Set;
  claims: Readonly<Record<string, unknown>>;
}

/**
 * Tokens whose signature, issuer and audience were verified, by the whole token text, for the rest
 * of their lifetime: a second request with the same token skips the base64 and JSON decoding and
 * the HMAC (docs/decisions/0232-cpu-per-request.md). Bounded: the least recently used entry
 * goes first. An entry is used only before the token's `exp` (and from its `nbf`), measured on the
 * signer's clock at each look-up, so a token expires at the same second as without the cache.
 * Revocation is not cached here: callers check the denylist on every request.
 */
export class VerifiedTokens<Set extends string = string> {
  private readonly entries = new Map<string, VerifiedToken<Set> & { exp: number; nbf?: number }>();

  constructor(private readonly maxEntries: number) {}

  /** The verification of `token`, if remembered and still in its lifetime at `now` (seconds). */
  get(token: string, now: number): VerifiedToken<Set> | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (now >= entry.exp || (entry.nbf !== undefined && now < entry.nbf)) {
      this.entries.delete(token);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.entries.delete(token);
    this.entries.set(token, entry);
    return entry;
  }

  /** Remembers a verified token; one without a numeric `exp` is not kept (it would never leave by expiry). */
  remember(token: string, verified: VerifiedToken<Set>): void {
    const { exp, nbf } = verified.claims;
    if (this.maxEntries <= 0 || typeof exp !== 'number') return;
    if (nbf !== undefined && typeof nbf !== 'number') return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { ...verified, exp, nbf });
  }

  get size(): number {
    return this.entries.size;
  }
}
