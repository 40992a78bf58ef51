import { readClaims, type Claims } from './claims';

/** A token pair as login and refresh answer it. */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface Session extends TokenPair {
  claims: Claims;
}

/** Where the store keeps the refresh token between visits: the browser's localStorage, or a map in tests. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const KEY = 'platform.session';
const DEVICE_KEY = 'platform.device';

/**
 * The signed-in session: the token pair and its claims, kept in storage so a reload stays signed in
 * (docs/decisions: web session storage), with one refresh at a time however many requests hit a
 * 401 together. Listeners hear every change (sign-in, refresh, sign-out).
 */
export class SessionStore {
  private current: Session | undefined;
  private refreshing: Promise<boolean> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly storage: KeyValueStorage,
    /** Exchanges a refresh token for a new pair; undefined when it is no longer valid. */
    private readonly exchange: (refreshToken: string) => Promise<TokenPair | undefined>,
  ) {
    const saved = storage.getItem(KEY);
    if (saved) {
      try {
        const pair = JSON.parse(saved) as TokenPair;
        const claims = readClaims(pair.accessToken);
        if (claims && typeof pair.refreshToken === 'string') this.current = { ...pair, claims };
        // A pair the app cannot read (an older format, a damaged entry) is forgotten, not kept forever.
        else storage.removeItem(KEY);
      } catch {
        storage.removeItem(KEY);
      }
    }
  }

  get session(): Session | undefined {
    return this.current;
  }

  /** A stable id of this browser, sent as `X-Device-Id` (the token-rotation strategies count devices). */
  deviceId(): string {
    let id = this.storage.getItem(DEVICE_KEY);
    if (!id) {
      id = crypto.randomUUID();
      this.storage.setItem(DEVICE_KEY, id);
    }
    return id;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  signIn(pair: TokenPair): Session {
    const claims = readClaims(pair.accessToken);
    if (!claims) throw new Error('the platform answered a token the app cannot read');
    this.current = { accessToken: pair.accessToken, refreshToken: pair.refreshToken, claims };
    this.storage.setItem(KEY, JSON.stringify({ accessToken: pair.accessToken, refreshToken: pair.refreshToken }));
    this.emit();
    return this.current;
  }

  signOut(): void {
    this.current = undefined;
    this.storage.removeItem(KEY);
    this.emit();
  }

  /** Whether the access token runs out within `marginSeconds` (default 30) of `now`. */
  expiresSoon(now = Date.now(), marginSeconds = 30): boolean {
    return !this.current || this.current.claims.exp * 1000 - now < marginSeconds * 1000;
  }

  /** Refreshes the pair once for every caller waiting; false (and signed out) when the refresh token is spent. */
  refresh(): Promise<boolean> {
    if (!this.current) return Promise.resolve(false);
    this.refreshing ??= this.exchange(this.current.refreshToken)
      .then((pair) => {
        if (pair) this.signIn(pair);
        else this.signOut();
        return pair !== undefined;
      })
      .catch(() => false)
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
