import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { eventsCommonV1, type organisationV1 } from '@platform/proto';
import { failure } from '@platform/testing';
import { startOrganisationHarness, type ClientFacts, type NewOrganization, type OrganisationHarness } from './organisation-harness';

/** audit.recorded events (identity stores them): through the outbox, in the transaction of the change. */
describe('audit events', () => {
  let h: OrganisationHarness;
  let org: NewOrganization;
  const browser: ClientFacts = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (audit test)' };
  const adminId = randomUUID();
  const sysId = randomUUID();
  let admin: string;
  let sys: string;

  /** The audit events published while `during` runs, with their detail parsed. */
  const audits = async (during: () => Promise<unknown>) =>
    (await h.events('audit.recorded', during)).map((data) => {
      const { detailJson, ...event } = eventsCommonV1.AuditRecorded.decode(data);
      return { ...event, detail: JSON.parse(detailJson) as Record<string, unknown> };
    });
  const add = (email: string, token = admin) =>
    h.callFrom(
      browser,
      'addMember',
      { organizationId: org.org.id, email, firstName: 'Audrey', lastName: 'Audit', roleId: '', sendInvitationEmail: false },
      token,
    );
  const update = (userId: string, changes: { roleId?: string; status?: string; firstName?: string }) =>
    h.callFrom(browser, 'updateMember', { organizationId: org.org.id, userId, ...changes }, admin);
  const byAdmin = { by: adminId, byRole: 'ADMIN', byEmail: `${adminId}@example.org` };

  beforeAll(async () => {
    h = await startOrganisationHarness('org-audit');
    org = await h.newOrganization('audit-a');
    admin = org.token('ADMIN', adminId);
    sys = h.signer.signAccess({ sub: sysId, userType: 'SYSTEM', systemRole: 'PLATFORM_ADMIN', email: 'staff@platform.test', sid: randomUUID() }).token;
  });
  afterAll(async () => h?.stop());

  it('records ORGANIZATION_CREATED under the one who created it, with client IP, user agent and time', async () => {
    let created: { id: string } | undefined;
    const events = await audits(async () => {
      created = await h.callFrom(
        browser,
        'createOrganisation',
        { name: 'Audited', slug: 'audited', subdomain: 'audited', email: 'hello@audited.org', orgType: 'CLUB' },
        sys,
      );
    });
    expect(events).toEqual([
      {
        action: 'ORGANIZATION_CREATED',
        userId: sysId,
        userEmail: 'staff@platform.test',
        organizationId: created!.id,
        resourceType: 'ORGANIZATION',
        resourceId: created!.id,
        ipAddress: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (audit test)',
        occurredAt: expect.any(String),
        detail: { name: 'Audited', slug: 'audited', by: sysId, byEmail: 'staff@platform.test', byRole: 'PLATFORM_ADMIN' },
      },
    ]);
    expect(Date.now() - Date.parse(events[0]!.occurredAt)).toBeLessThan(60_000);
  });

  it('records create-with-owner as ORGANIZATION_CREATED and MEMBER_ADDED for the owner', async () => {
    let reply: organisationV1.CreateOrganisationWithOwnerResponse | undefined;
    const events = await audits(async () => {
      reply = await h.callFrom(
        browser,
        'createOrganisationWithOwner',
        { orgName: 'Owned', orgSlug: 'owned', ownerEmail: 'new.owner@example.org', ownerFirstName: 'Nia', ownerLastName: 'Owner', sendWelcomeEmail: false },
        sys,
      );
    });
    const organization = reply!.organization!;
    const owner = reply!.owner!;
    expect(events.map((e) => [e.action, e.userId, e.userEmail, e.organizationId, e.resourceType])).toEqual([
      ['MEMBER_ADDED', owner.id, 'new.owner@example.org', organization.id, 'MEMBERSHIP'],
      ['ORGANIZATION_CREATED', sysId, 'staff@platform.test', organization.id, 'ORGANIZATION'],
    ]);
    expect(events[0]!.detail).toMatchObject({ role: 'OWNER', status: 'ACTIVE', accountCreated: true, restarted: false, by: sysId });
    expect(events[1]!.detail).toMatchObject({ ownerAccountId: owner.id, ownerAccountCreated: true, by: sysId });
  });

  it('records MEMBER_ADDED under the member, with the membership as resource and the admin who acted', async () => {
    let member: { id: string } | undefined;
    const events = await audits(async () => {
      member = await add('added@example.org');
    });
    const [membership] = await h.sql<{ id: string }>('SELECT id FROM membership WHERE account_id = $1', [member!.id]);
    expect(events).toEqual([
      expect.objectContaining({
        action: 'MEMBER_ADDED',
        userId: member!.id,
        userEmail: 'added@example.org',
        organizationId: org.org.id,
        resourceType: 'MEMBERSHIP',
        resourceId: membership!.id,
        ipAddress: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (audit test)',
        detail: { role: 'MEMBER', status: 'ACTIVE', accountCreated: true, restarted: false, ...byAdmin },
      }),
    ]);
  });

  it('records a PUT as MEMBER_ROLE_CHANGED and/or MEMBER_STATUS_CHANGED, and nothing for names only', async () => {
    const member = await add('edited@example.org');
    const role = await audits(() => update(member.id, { roleId: org.roles['MANAGER'] }));
    expect(role).toEqual([
      expect.objectContaining({
        action: 'MEMBER_ROLE_CHANGED',
        userId: member.id,
        detail: { role: 'MANAGER', status: 'ACTIVE', previousRole: 'MEMBER', previousStatus: 'ACTIVE', ...byAdmin },
      }),
    ]);
    const state = await audits(() => update(member.id, { status: 'SUSPENDED' }));
    expect(state).toEqual([
      expect.objectContaining({ action: 'MEMBER_STATUS_CHANGED', detail: expect.objectContaining({ status: 'SUSPENDED', previousStatus: 'ACTIVE' }) }),
    ]);
    const both = await audits(() => update(member.id, { roleId: org.roles['GUEST'], status: 'ACTIVE' }));
    expect(both.map((e) => e.action)).toEqual(['MEMBER_ROLE_CHANGED', 'MEMBER_STATUS_CHANGED']);
    expect(await audits(() => update(member.id, { firstName: 'Renamed' }))).toEqual([]);
  });

  it('records DELETE as MEMBER_REMOVED once; removing again records nothing', async () => {
    const member = await add('removed@example.org');
    const remove = () => h.callFrom(browser, 'removeMember', { organizationId: org.org.id, userId: member.id }, admin);
    expect(await audits(remove)).toEqual([
      expect.objectContaining({
        action: 'MEMBER_REMOVED',
        userId: member.id,
        userEmail: 'removed@example.org',
        detail: expect.objectContaining({ status: 'INACTIVE', previousStatus: 'ACTIVE', by: adminId }),
      }),
    ]);
    expect(await audits(remove)).toEqual([]);
    const again = await audits(() => add('removed@example.org'));
    expect(again).toEqual([expect.objectContaining({ action: 'MEMBER_ADDED', detail: expect.objectContaining({ accountCreated: false, restarted: true }) })]);
  });

  it('records nothing for a change that is refused', async () => {
    const lastOwner = () =>
      h.callFrom(browser, 'updateMember', { organizationId: org.org.id, userId: org.owner.id, roleId: org.roles['MEMBER'] }, org.ownerToken);
    let code: status | undefined;
    expect(await audits(async () => (code = (await failure(lastOwner()))?.code))).toEqual([]);
    expect(code).toBe(status.ALREADY_EXISTS);
  });

  it('records ORGANIZATION_DELETED once under the owner who deleted it, with the number of memberships it ended', async () => {
    const doomed = await h.newOrganization('audit-doomed');
    await h.call(
      'addMember',
      { organizationId: doomed.org.id, email: 'doomed.member@example.org', firstName: 'D', lastName: 'M', roleId: '', sendInvitationEmail: false },
      doomed.ownerToken,
    );
    const events = await audits(() => h.callFrom(browser, 'deleteOrganisation', { id: doomed.org.id }, doomed.ownerToken));
    expect(events).toEqual([
      expect.objectContaining({
        action: 'ORGANIZATION_DELETED',
        userId: doomed.owner.id,
        organizationId: doomed.org.id,
        resourceType: 'ORGANIZATION',
        resourceId: doomed.org.id,
        ipAddress: '203.0.113.7',
        detail: {
          name: 'Org audit-doomed',
          slug: 'audit-doomed',
          endedMemberships: 2,
          by: doomed.owner.id,
          byRole: 'OWNER',
          byEmail: `${doomed.owner.id}@example.org`,
        },
      }),
    ]);
  });
});
