/** Refresh-token rotation strategies (spec section 5), chosen in the system settings. */
export const ROTATION_STRATEGIES = ['CREATE_NEW', 'UPDATE_EXISTING', 'LIMIT_PER_DEVICE', 'LIMIT_TOTAL'] as const;
export type RotationStrategy = (typeof ROTATION_STRATEGIES)[number];

export const isRotationStrategy = (value: string): value is RotationStrategy => (ROTATION_STRATEGIES as readonly string[]).includes(value);

/**
 * What a refresh does to the presented token:
 *  - `rotate`: the token is spent and a new one (new id) is issued (CREATE_NEW and both LIMIT_*);
 *  - `extend`: the same token (same id) is re-issued with a later expiry (UPDATE_EXISTING).
 * Either way the string presented stops working: presenting it again revokes the family.
 */
export function refreshModeOf(strategy: RotationStrategy): 'rotate' | 'extend' {
  switch (strategy) {
    case 'UPDATE_EXISTING':
      return 'extend';
    case 'CREATE_NEW':
    case 'LIMIT_PER_DEVICE':
    case 'LIMIT_TOTAL':
      return 'rotate';
    default: {
      const unreachable: never = strategy;
      throw new Error(`unknown rotation strategy ${String(unreachable)}`);
    }
  }
}

export interface LiveSession {
  id: string;
  deviceId: string | null;
  createdAt: Date;
}

export interface NewLogin {
  deviceId: string | null;
  /** `maxActiveTokensPerUser` of the settings. */
  limit: number;
}

export type Eviction = { sessionIds: string[]; reason: 'DEVICE_REPLACED' | 'SESSION_LIMIT' | '' };

/**
 * The live sessions (token families) a new login ends:
 *  - LIMIT_PER_DEVICE: the sessions of the same device (sessions without a device id share one slot);
 *  - LIMIT_TOTAL: the oldest, so that with the new one the user holds at most `limit`;
 *  - CREATE_NEW and UPDATE_EXISTING: none.
 */
export function sessionsEndedByLogin(strategy: RotationStrategy, live: LiveSession[], login: NewLogin): Eviction {
  switch (strategy) {
    case 'LIMIT_PER_DEVICE':
      return { sessionIds: live.filter((s) => s.deviceId === login.deviceId).map((s) => s.id), reason: 'DEVICE_REPLACED' };
    case 'LIMIT_TOTAL': {
      const excess = live.length - (Math.max(1, login.limit) - 1);
      if (excess <= 0) return { sessionIds: [], reason: '' };
      const oldestFirst = [...live].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
      return { sessionIds: oldestFirst.slice(0, excess).map((s) => s.id), reason: 'SESSION_LIMIT' };
    }
    case 'CREATE_NEW':
    case 'UPDATE_EXISTING':
      return { sessionIds: [], reason: '' };
    default: {
      const unreachable: never = strategy;
      throw new Error(`unknown rotation strategy ${String(unreachable)}`);
    }
  }
}

/**
 * The expiry (Unix seconds) of an extended refresh token: a full lifetime from now, and always
 * later than the presented token's, so the re-issued token never equals the one it replaces.
 */
export function extendedExpiry(nowSeconds: number, lifetimeSeconds: number, presentedExp: number): number {
  return Math.max(nowSeconds + lifetimeSeconds, presentedExp + 1);
}

/** Device ids: what a client sends as `deviceId` or `X-Device-Id`, trimmed; empty means none. */
export function normaliseDeviceId(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
