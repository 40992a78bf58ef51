import { projectionRow } from './membership-projection';

describe('membership projection rows', () => {
  it('normalises ids, role and status and keeps the event time as the version', () => {
    expect(
      projectionRow({ accountId: 'AAAAAAAA-0000-4000-8000-000000000001', organizationId: 'bbbbbbbb-0000-4000-8000-000000000002', role: 'member', status: 'active ', occurredAt: '2026-01-01T00:00:00Z' }),
    ).toEqual({
      accountId: 'aaaaaaaa-0000-4000-8000-000000000001',
      organizationId: 'bbbbbbbb-0000-4000-8000-000000000002',
      role: 'MEMBER',
      status: 'ACTIVE',
      version: new Date('2026-01-01T00:00:00Z'),
    });
  });

  it('refuses events it cannot apply', () => {
    expect(projectionRow({ accountId: 'x', organizationId: 'bbbbbbbb-0000-4000-8000-000000000002', role: 'MEMBER', status: 'ACTIVE', occurredAt: '2026-01-01T00:00:00Z' })).toBeNull();
    expect(projectionRow({ accountId: 'aaaaaaaa-0000-4000-8000-000000000001', organizationId: 'bbbbbbbb-0000-4000-8000-000000000002', role: 'MEMBER', status: 'ACTIVE', occurredAt: '' })).toBeNull();
  });
});
