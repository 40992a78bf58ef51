import type { ResourceRoutes } from './admin-area';
import { can, canAccess, permissionsOf } from './permissions';

const ROUTES: Record<string, ResourceRoutes> = {
  members: {
    list: 'l',
    one: 'o',
    create: 'c',
    update: 'u',
    delete: 'd',
    authorities: { read: 'ORG:MEMBER:VIEW', create: 'ORG:MEMBER:INVITE', edit: 'ORG:MEMBER:UPDATE', delete: 'ORG:MEMBER:REMOVE' },
  },
  'join-requests': { list: 'l', authorities: { read: 'ORG:MEMBER:VIEW', approve: 'ORG:MEMBER:INVITE' } },
  invoices: { list: 'l', authorities: { read: 'ORG:BILLING:VIEW' } },
  organisations: { list: 'l', create: 'c', authorities: { read: 'SYSTEM:ORGANIZATION:VIEW', create: 'SYSTEM:ORGANIZATION:CREATE' } },
};

describe('console permissions', () => {
  it('are the role authorities of libs/auth', () => {
    const owner = permissionsOf({ userType: 'ORGANIZATION', organizationRole: 'OWNER', organizationId: 'o1' });
    expect(owner).toMatchObject({ userType: 'ORGANIZATION', role: 'OWNER', organizationId: 'o1' });
    expect(can(owner, 'ORG:ORGANIZATION:DELETE')).toBe(true);
    const admin = permissionsOf({ userType: 'ORGANIZATION', organizationRole: 'ADMIN' });
    expect(can(admin, 'ORG:ORGANIZATION:DELETE')).toBe(false);
    expect(can(admin, 'ORG:MEMBER:REMOVE')).toBe(true);
    expect(permissionsOf({ userType: 'SYSTEM', systemRole: 'READ_ONLY_ADMIN' }).authorities).toContain('SYSTEM:AUDIT:VIEW');
    expect(permissionsOf(undefined).authorities).toEqual([]);
    expect(permissionsOf({ userType: 'ORGANIZATION', organizationRole: 'NOT_A_ROLE' }).authorities).toEqual([]);
  });

  it('hide what a role may not do: a manager sees no member list, buttons or billing', () => {
    const manager = permissionsOf({ userType: 'ORGANIZATION', organizationRole: 'MANAGER' });
    expect(canAccess(manager, ROUTES, 'members', 'list')).toBe(false);
    expect(canAccess(manager, ROUTES, 'invoices', 'list')).toBe(false);
    const admin = permissionsOf({ userType: 'ORGANIZATION', organizationRole: 'ADMIN' });
    expect(['list', 'show', 'create', 'edit', 'delete', 'export'].map((action) => canAccess(admin, ROUTES, 'members', action))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(canAccess(admin, ROUTES, 'join-requests', 'approve')).toBe(true);
    expect(canAccess(admin, ROUTES, 'organisations', 'list')).toBe(false);
  });

  it('offer no action whose route the resource lacks, and allow pages outside the map', () => {
    const owner = permissionsOf({ userType: 'ORGANIZATION', organizationRole: 'OWNER' });
    expect(canAccess(owner, ROUTES, 'join-requests', 'create')).toBe(false);
    expect(canAccess(owner, ROUTES, 'join-requests', 'edit')).toBe(false);
    expect(canAccess(owner, ROUTES, 'join-requests', 'show')).toBe(true);
    expect(canAccess(owner, ROUTES, 'dashboard', 'list')).toBe(true);
  });

  it('let a support admin look but not create organisations', () => {
    const support = permissionsOf({ userType: 'SYSTEM', systemRole: 'SUPPORT_ADMIN' });
    expect(canAccess(support, ROUTES, 'organisations', 'list')).toBe(true);
    expect(canAccess(support, ROUTES, 'organisations', 'create')).toBe(false);
  });
});
