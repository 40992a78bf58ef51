import type { OrgRole } from '@platform/auth';
import type { identityV1 } from '@platform/proto';
import type { ImportChunk, ImportRecord } from './member-import';
import { planImportChunk, type ChunkFacts, type ImportedMember } from './member-import-plan';

const NOW = new Date('2026-11-26T10:00:00Z');
const ROLES = new Map((['OWNER', 'ADMIN', 'MEMBER'] as OrgRole[]).map((name) => [name, { id: `role-${name}`, name }]));

const record = (n: number, extra: Partial<ImportRecord> = {}): ImportRecord => ({
  externalId: `wp-${n}`,
  email: `p${n}@example.org`,
  firstName: `First${n}`,
  lastName: `Last${n}`,
  status: '',
  role: '',
  displayName: null,
  phoneNumber: null,
  jobTitle: null,
  company: null,
  dateOfBirth: null,
  addressLine1: null,
  city: 'Lyon',
  postalCode: null,
  isCertified: false,
  membershipRenewalDate: null,
  isExcludedFromListing: false,
  ...extra,
});

const account = (n: number, userType = 'ORGANIZATION') => ({ account: { id: `acc-${n}`, userType } as identityV1.Account, created: true });

const chunk = (records: ImportChunk['records'], limit?: number): ImportChunk => ({ orgId: 'org', roles: ROLES, limit, records });

const facts = (members: ImportedMember[] = [], running: [string, number][] = []): ChunkFacts => ({
  now: NOW,
  members,
  accounts: new Map(Array.from({ length: 10 }, (_, n) => [`acc-${n}`, { email: `p${n}@example.org`, firstName: `First${n}`, lastName: `Last${n}` }])),
  running: new Map(running),
});

/** What an earlier import of record(n) left (as planned for a new member). */
const imported = (n: number, extra: Partial<ImportedMember> = {}): ImportedMember => ({
  ...planImportChunk(chunk([{ entry: { externalId: `wp-${n}`, record: record(n) }, found: account(n) }]), facts()).creates[0]!,
  id: `m-${n}`,
  ...extra,
});

describe('planImportChunk', () => {
  it('creates a new member with the whole profile and announces it; invalid records and unknown accounts are ERROR', () => {
    const plan = planImportChunk(
      chunk([
        { entry: { externalId: 'wp-1', record: record(1, { firstName: 'Shown' }) }, found: account(1) },
        { entry: { externalId: 'bad', problem: 'email must be a valid email address' }, found: undefined },
        { entry: { externalId: 'wp-2', record: record(2) }, found: new Error('identity is down') },
        { entry: { externalId: 'wp-3', record: record(3) }, found: account(3, 'SYSTEM') },
      ]),
      facts(),
    );
    expect(plan.outcomes).toEqual([
      { action: 'CREATE', userId: 'acc-1', error: '' },
      { action: 'ERROR', userId: '', error: 'email must be a valid email address' },
      { action: 'ERROR', userId: '', error: 'the account could not be found or created: identity is down' },
      { action: 'ERROR', userId: '', error: 'this email belongs to a platform staff account, which cannot be a member' },
    ]);
    expect(plan.creates).toEqual([
      expect.objectContaining({
        accountId: 'acc-1',
        roleId: 'role-MEMBER',
        status: 'ACTIVE',
        firstName: 'Shown',
        firstNameOverride: 'Shown',
        lastNameOverride: null,
        joinedAt: NOW,
        endedAt: null,
      }),
    ]);
    expect(plan.changes).toEqual([{ accountId: 'acc-1', role: 'MEMBER', status: 'ACTIVE', previousStatus: '', previousRole: '' }]);
    expect(plan.updates).toEqual([]);
  });

  it('records a new member as created when the source registered them (now without a date), and never moves it on an update', () => {
    const registeredAt = new Date('2015-03-04T10:11:12Z');
    const created = planImportChunk(
      chunk([
        { entry: { externalId: 'wp-1', record: record(1, { registeredAt }) }, found: account(1) },
        { entry: { externalId: 'wp-2', record: record(2) }, found: account(2) },
      ]),
      facts(),
    );
    expect(created.creates.map((m) => [m.createdAt, m.joinedAt])).toEqual([
      [registeredAt, NOW],
      [NOW, NOW],
    ]);
    expect(created.creates[0]).not.toHaveProperty('registeredAt');

    const updated = planImportChunk(
      chunk([{ entry: { externalId: 'wp-1', record: record(1, { registeredAt: NOW, city: 'Paris' }) }, found: undefined }]),
      facts([imported(1, { createdAt: registeredAt })]),
    );
    expect(updated.updates).toEqual([{ member: expect.objectContaining({ city: 'Paris', createdAt: registeredAt }), columns: 'profile' }]);
    expect(updated.updates[0]!.member).not.toHaveProperty('registeredAt');
  });

  it('writes only what changed: the hash alone, the lifecycle, or the profile too', () => {
    const members = [imported(1, { importHash: null }), imported(2), imported(3)];
    const plan = planImportChunk(
      chunk([
        { entry: { externalId: 'wp-1', record: record(1) }, found: undefined },
        { entry: { externalId: 'wp-2', record: record(2, { role: 'ADMIN' }) }, found: undefined },
        { entry: { externalId: 'wp-3', record: record(3, { city: 'Paris' }) }, found: undefined },
      ]),
      facts(members),
    );
    expect(plan.outcomes.map((o) => o.action)).toEqual(['SKIP', 'UPDATE', 'UPDATE']);
    expect(plan.updates.map((u) => [u.member.id, u.columns])).toEqual([
      ['m-1', 'hash'],
      ['m-2', 'lifecycle'],
      ['m-3', 'profile'],
    ]);
    expect(plan.changes).toEqual([{ accountId: 'acc-2', role: 'ADMIN', status: 'ACTIVE', previousStatus: 'ACTIVE', previousRole: 'MEMBER' }]);
  });

  it('asks for the running memberships of accounts that start one, then refuses beyond the limit and changes nothing for that record', () => {
    const records: ImportChunk['records'] = [
      { entry: { externalId: 'wp-1', record: record(1) }, found: account(1) },
      { entry: { externalId: 'wp-1', record: record(1, { status: 'INACTIVE' }) }, found: account(1) },
      { entry: { externalId: 'wp-2', record: record(2, { status: 'INACTIVE' }) }, found: account(2) },
    ];
    const first = planImportChunk(chunk(records, 2), facts());
    expect(first.uncounted).toEqual(['acc-1']);

    const plan = planImportChunk(chunk(records, 2), facts([], [['acc-1', 2]]));
    expect(plan.uncounted).toEqual([]);
    expect(plan.outcomes.map((o) => o.action)).toEqual(['ERROR', 'CREATE', 'CREATE']);
    expect(plan.outcomes[0]!.error).toBe('The user already belongs to the maximum of 2 organisations');
    expect(plan.creates.map((m) => [m.externalId, m.status, m.endedAt])).toEqual([
      ['wp-1', 'INACTIVE', NOW],
      ['wp-2', 'INACTIVE', NOW],
    ]);
  });

  it('counts the memberships the chunk ends and starts for one account', () => {
    const members = [imported(1, { status: 'INACTIVE', endedAt: NOW })];
    const records: ImportChunk['records'] = [
      { entry: { externalId: 'wp-1', record: record(1, { status: 'ACTIVE' }) }, found: undefined },
      { entry: { externalId: 'wp-1', record: record(1, { status: 'INACTIVE' }) }, found: undefined },
      { entry: { externalId: 'wp-1', record: record(1, { status: 'PENDING' }) }, found: undefined },
    ];
    const plan = planImportChunk(chunk(records, 1), facts(members, [['acc-1', 0]]));
    expect(plan.outcomes.map((o) => o.action)).toEqual(['UPDATE', 'UPDATE', 'UPDATE']);
    expect(plan.updates).toEqual([{ member: expect.objectContaining({ status: 'PENDING', endedAt: null, joinedAt: NOW }), columns: 'lifecycle' }]);
    expect(plan.changes.map((c) => [c.previousStatus, c.status])).toEqual([
      ['INACTIVE', 'ACTIVE'],
      ['ACTIVE', 'INACTIVE'],
      ['INACTIVE', 'PENDING'],
    ]);
  });

  it('links a second externalId whose address is the account of a member (another case of it) to that member: SKIP, nothing written', () => {
    // Identity keeps one account per address whatever its case, so both records found the same account.
    const plan = planImportChunk(
      chunk([
        { entry: { externalId: 'wp-7', record: record(7, { email: 'p7@example.org' }) }, found: account(7) },
        { entry: { externalId: 'wp-8', record: record(8, { email: 'P7@Example.org', city: 'Paris', status: 'INACTIVE' }) }, found: account(7) },
      ]),
      facts(),
    );
    expect(plan.outcomes).toEqual([
      { action: 'CREATE', userId: 'acc-7', error: '' },
      { action: 'SKIP', userId: 'acc-7', error: '', sameAsExternalId: 'wp-7' },
    ]);
    // One membership, with the first record's profile, status and externalId.
    expect(plan.creates).toEqual([expect.objectContaining({ externalId: 'wp-7', city: 'Lyon', status: 'ACTIVE' })]);
    expect(plan.changes).toHaveLength(1);

    // At a later sync, the second record changed or not: still that member, still nothing written.
    const later = planImportChunk(
      chunk([{ entry: { externalId: 'wp-8', record: record(8, { email: 'P7@Example.org', city: 'Nice' }) }, found: { ...account(7), created: false } }]),
      facts([imported(7)]),
    );
    expect(later.outcomes).toEqual([{ action: 'SKIP', userId: 'acc-7', error: '', sameAsExternalId: 'wp-7' }]);
    expect([later.creates, later.updates, later.changes]).toEqual([[], [], []]);
  });

  it("never changes an owner's role or status", () => {
    const plan = planImportChunk(
      chunk([{ entry: { externalId: 'wp-1', record: record(1, { role: 'MEMBER', status: 'INACTIVE' }) }, found: undefined }]),
      facts([imported(1, { role: 'OWNER', roleId: 'role-OWNER' })]),
    );
    expect(plan.outcomes.map((o) => o.action)).toEqual(['SKIP']);
    expect(plan.updates).toEqual([]);
    expect(plan.changes).toEqual([]);
  });
});
