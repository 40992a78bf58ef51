import { ErrorCode, PlatformError } from '@platform/errors';
import { assertKeepsAnOwner } from './last-owner';

const owner = { role: 'OWNER', status: 'ACTIVE' } as const;

function conflict(run: () => void): ErrorCode | undefined {
  try {
    run();
    return undefined;
  } catch (err) {
    return err instanceof PlatformError ? err.code : undefined;
  }
}

describe('the last-owner rule', () => {
  it('refuses to demote, suspend or remove the only active owner (409)', () => {
    expect(conflict(() => assertKeepsAnOwner(owner, { role: 'ADMIN', status: 'ACTIVE' }, 1))).toBe(ErrorCode.CONFLICT);
    expect(conflict(() => assertKeepsAnOwner(owner, { role: 'OWNER', status: 'SUSPENDED' }, 1))).toBe(ErrorCode.CONFLICT);
    expect(conflict(() => assertKeepsAnOwner(owner, { role: 'OWNER', status: 'INACTIVE' }, 1))).toBe(ErrorCode.CONFLICT);
  });

  it('lets an owner go when another active owner remains', () => {
    expect(conflict(() => assertKeepsAnOwner(owner, { role: 'MEMBER', status: 'ACTIVE' }, 2))).toBeUndefined();
    expect(conflict(() => assertKeepsAnOwner(owner, { role: 'OWNER', status: 'INACTIVE' }, 2))).toBeUndefined();
  });

  it('does not concern changes that keep the owner active, or members who are not active owners', () => {
    expect(conflict(() => assertKeepsAnOwner(owner, owner, 1))).toBeUndefined();
    expect(conflict(() => assertKeepsAnOwner({ role: 'OWNER', status: 'SUSPENDED' }, { role: 'OWNER', status: 'INACTIVE' }, 0))).toBeUndefined();
    expect(conflict(() => assertKeepsAnOwner({ role: 'ADMIN', status: 'ACTIVE' }, { role: 'MEMBER', status: 'INACTIVE' }, 1))).toBeUndefined();
  });
});
