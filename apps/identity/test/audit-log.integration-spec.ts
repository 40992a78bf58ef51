import { randomUUID } from 'node:crypto';
import { Metadata, status } from '@grpc/grpc-js';
import { unary } from '@platform/grpc-server';
import { eventsCommonV1, type identityV1 } from '@platform/proto';
import { eventually, failure, violationsOf } from '@platform/testing';
import { auditRowFrom } from '../src/domain/audit-entry';
import { appendAuditRow } from '../src/store/audit-log';
import { createIdentityDb } from '../src/store/db';
import { identityCalls, startIdentityHarness, tokensOf, type IdentityHarness } from './identity-harness';

const ORG = '6f1d2a52-0000-4000-8000-0000000000f1';

describe('audit log', () => {
  let h: IdentityHarness;
  let calls: ReturnType<typeof identityCalls>;
  let token: string;
  const noFilter = { organizationId: '', userId: '', action: '', from: '', to: '' };
  const list = (filters: Partial<identityV1.ListAuditLogsRequest> = {}) => unary(h.client, h.client.listAuditLogs, { ...noFilter, ...filters }, { token });
  const recorded = (fields: Partial<eventsCommonV1.AuditRecorded>) =>
    eventsCommonV1.AuditRecorded.encode({
      userId: '',
      userEmail: '',
      organizationId: '',
      action: 'ORGANIZATION_CREATED',
      resourceType: 'ORGANIZATION',
      resourceId: '',
      ipAddress: '',
      userAgent: '',
      occurredAt: new Date().toISOString(),
      detailJson: '',
      ...fields,
    }).finish();

  beforeAll(async () => {
    h = await startIdentityHarness('identity-audit');
    calls = identityCalls(h);
    token = (await calls.systemLogin()).accessToken;
  });
  afterAll(async () => h?.stop());

  it('stores audit.recorded events of any service, each message once', async () => {
    const userId = randomUUID();
    const payload = recorded({
      userId,
      organizationId: ORG,
      userEmail: 'Owner@Example.org',
      resourceId: ORG,
      ipAddress: '203.0.113.9',
      userAgent: 'Mozilla/5.0',
    });
    const msgId = `organisation-${randomUUID()}`;
    await h.publish('audit.recorded', payload, msgId);
    await h.publish('audit.recorded', payload, msgId);
    await h.publish('audit.recorded', payload, `organisation-${randomUUID()}`);
    const page = await eventually(async () => {
      const found = await list({ userId });
      expect(found.totalElements).toBe(2);
      return found;
    });
    expect(page.content[0]).toMatchObject({
      userId,
      userEmail: 'owner@example.org',
      organizationId: ORG,
      action: 'ORGANIZATION_CREATED',
      resourceType: 'ORGANIZATION',
      resourceId: ORG,
      ipAddress: '203.0.113.9',
      userAgent: 'Mozilla/5.0',
    });
    // A redelivery that got past the stream's duplicate window and the processed-message table
    // still adds no row: the message id is unique in the audit table.
    const db = createIdentityDb(h.schema.connectionString, h.schema.schema);
    try {
      const [row] = await h.sql<{ event_id: string }>('SELECT event_id FROM audit_log WHERE user_id = $1 LIMIT 1', [userId]);
      await appendAuditRow(db, auditRowFrom(eventsCommonV1.AuditRecorded.decode(payload), row!.event_id, new Date()));
    } finally {
      await db.$disconnect();
    }
    expect((await list({ userId })).totalElements).toBe(2);
  });

  it('records identity’s own security events with the caller’s IP and user agent, within seconds', async () => {
    const member = await calls.member('audited@example.org');
    const metadata = new Metadata();
    metadata.set('x-forwarded-for', '198.51.100.7');
    metadata.set('x-client-user-agent', 'AuditTest/1.0');
    await new Promise((resolve, reject) =>
      h.client.orgLogin({ email: member.email, password: 'wrong password', organizationId: '', organizationSlug: '' }, metadata, (err, reply) =>
        err ? resolve(err) : reject(new Error(JSON.stringify(reply))),
      ),
    );
    tokensOf(await calls.orgLogin(member.email, member.password));
    await failure(calls.orgLogin('no-such-user@example.org', 'whatever'));
    const page = await eventually(async () => {
      const found = await unary(h.client, h.client.listUserAuditLogs, { ...noFilter, userId: member.id }, { token });
      expect(found.content.map((e) => e.action)).toEqual(['LOGIN_SUCCESS', 'LOGIN_FAILED']);
      return found;
    });
    expect(page.content[1]).toMatchObject({
      userEmail: 'audited@example.org',
      ipAddress: '198.51.100.7',
      userAgent: 'AuditTest/1.0',
      resourceType: 'ACCOUNT',
      resourceId: member.id,
    });
    expect(page.content[0]).toMatchObject({ organizationId: member.organizationId });
    await eventually(async () => {
      const unknown = await list({ action: 'LOGIN_FAILED' });
      expect(unknown.content.some((e) => e.userEmail === 'no-such-user@example.org' && e.userId === undefined)).toBe(true);
    });
  });

  it('files an entry that names only an email (the gateway’s LOGIN_LOCKED) under that account', async () => {
    const member = await calls.member('locked-out@example.org');
    await h.publish('audit.recorded', recorded({ userEmail: 'Locked-Out@example.org', action: 'LOGIN_LOCKED', resourceType: 'ACCOUNT' }), randomUUID());
    await eventually(async () => {
      const history = await unary(h.client, h.client.listUserAuditLogs, { ...noFilter, userId: member.id, action: 'LOGIN_LOCKED' }, { token });
      expect(history.content).toHaveLength(1);
    });
  });

  it('names the account of an entry that carries only its id (a system admin’s action)', async () => {
    const member = await calls.member('acted@example.org');
    await h.publish('audit.recorded', recorded({ userId: member.id, action: 'ORGANIZATION_CREATED' }), randomUUID());
    await eventually(async () => {
      const history = await unary(h.client, h.client.listUserAuditLogs, { ...noFilter, userId: member.id, action: 'ORGANIZATION_CREATED' }, { token });
      expect(history.content.map((e) => e.userEmail)).toEqual(['acted@example.org']);
    });
  });

  it('filters by organisation, action and period, pages newest first', async () => {
    const userId = randomUUID();
    const times = ['2026-03-01T10:00:00.000Z', '2026-03-02T10:00:00.000Z', '2026-03-03T10:00:00.000Z', '2026-03-04T10:00:00.000Z'];
    for (const [i, occurredAt] of times.entries()) {
      await h.publish('audit.recorded', recorded({ userId, organizationId: ORG, action: i % 2 ? 'USER_ADDED' : 'USER_REMOVED', occurredAt }), randomUUID());
    }
    await eventually(async () => expect((await list({ userId })).totalElements).toBe(4));
    const page = await list({ userId, size: 3 });
    expect(page).toMatchObject({ totalElements: 4, totalPages: 2, page: 0, size: 3 });
    expect(page.content.map((e) => e.createdAt)).toEqual([...times].reverse().slice(0, 3));
    expect((await list({ userId, page: 1, size: 3 })).content.map((e) => e.createdAt)).toEqual([times[0]]);
    expect((await list({ userId, action: 'USER_ADDED' })).content.map((e) => e.createdAt)).toEqual([times[3], times[1]]);
    expect((await list({ userId, from: '2026-03-02', to: '2026-03-03' })).totalElements).toBe(2);
    expect((await list({ userId, from: '2026-03-02T10:00:00Z', to: '2026-03-02T10:00:00Z' })).totalElements).toBe(1);
    expect((await list({ organizationId: ORG, userId })).totalElements).toBe(4);
    expect((await list({ organizationId: randomUUID(), userId })).totalElements).toBe(0);
  });

  it('answers bad filters and paging with INVALID_ARGUMENT naming the field', async () => {
    expect(violationsOf(await failure(list({ from: 'last week' })))).toEqual([
      { field: 'from', message: 'must be a date (YYYY-MM-DD) or an ISO 8601 instant' },
    ]);
    expect(violationsOf(await failure(list({ from: '2026-03-05', to: '2026-03-01' })))).toEqual([{ field: 'to', message: 'must not be before from' }]);
    expect(violationsOf(await failure(list({ userId: 'nope' })))[0]?.field).toBe('userId');
    expect(violationsOf(await failure(list({ size: 1000 })))[0]?.field).toBe('size');
  });

  it('gives other services an account’s recent history on the internal RPC', async () => {
    const userId = randomUUID();
    for (const occurredAt of ['2026-04-01T00:00:00Z', '2026-04-02T00:00:00Z', '2026-04-03T00:00:00Z']) {
      await h.publish('audit.recorded', recorded({ userId, action: 'USER_SUSPENDED', occurredAt }), randomUUID());
    }
    const recent = await eventually(async () => {
      const found = await unary(h.client, h.client.listRecentAuditEntries, { userId, limit: 2 }, { token: calls.service() });
      expect(found.entries).toHaveLength(2);
      return found;
    });
    expect(recent.entries.map((e) => e.createdAt)).toEqual(['2026-04-03T00:00:00.000Z', '2026-04-02T00:00:00.000Z']);
    expect((await failure(unary(h.client, h.client.listRecentAuditEntries, { userId, limit: 2 }, { token })))?.code).toBe(status.PERMISSION_DENIED);
  });

  it('is append-only: the database refuses updates and deletes', async () => {
    await eventually(async () => expect((await list()).totalElements).toBeGreaterThan(0));
    await expect(h.sql("UPDATE audit_log SET action = 'TAMPERED'")).rejects.toThrow('append-only');
    await expect(h.sql('DELETE FROM audit_log')).rejects.toThrow('append-only');
    await expect(h.sql('TRUNCATE audit_log')).rejects.toThrow('append-only');
  });
});
