import { projectionRow, snapshotRow } from './membership-projection';

describe('membership projection rows', () => {
  it('normalises ids, role and status and keeps the event time as the version', () => {
    expect(
      projectionRow({
        accountId: 'AAAAAAAA-0000-4000-8000-000000000001',
        organizationId: 'bbbbbbbb-0000-4000-8000-000000000002',
        role: 'member',
        status: 'active ',
        occurredAt: '2026-01-01T00:00:00Z',
      }),
    ).toEqual({
      accountId: 'aaaaaaaa-0000-4000-8000-000000000001',
      organizationId: 'bbbbbbbb-0000-4000-8000-000000000002',
      role: 'MEMBER',
      status: 'ACTIVE',
      version: new Date('2026-01-01T00:00:00Z'),
    });
  });

  it('refuses events it cannot apply', () => {
    expect(
      projectionRow({
        accountId: 'x',
        organizationId: 'bbbbbbbb-0000-4000-8000-000000000002',
        role: 'MEMBER',
        status: 'ACTIVE',
        occurredAt: '2026-01-01T00:00:00Z',
      }),
    ).toBeNull();
    expect(
      projectionRow({
        accountId: 'aaaaaaaa-0000-4000-8000-000000000001',
        organizationId: 'bbbbbbbb-0000-4000-8000-000000000002',
        role: 'MEMBER',
        status: 'ACTIVE',
        occurredAt: '',
      }),
    ).toBeNull();
  });

  it('maps a snapshot item as the event announcing it, its last-change time as the version', () => {
    const item = {
      accountId: 'AAAAAAAA-0000-4000-8000-000000000001',
      organizationId: 'bbbbbbbb-0000-4000-8000-000000000002',
      role: 'guest',
      status: 'INACTIVE',
      version: '2026-02-03T04:05:06.789Z',
    };
    expect(snapshotRow(item)).toEqual(projectionRow({ ...item, occurredAt: item.version }));
    expect(snapshotRow(item)).toEqual(expect.objectContaining({ role: 'GUEST', status: 'INACTIVE', version: new Date('2026-02-03T04:05:06.789Z') }));
    expect(snapshotRow({ ...item, version: 'yesterday' })).toBeNull();
    expect(snapshotRow({ ...item, organizationId: '' })).toBeNull();
  });
});
