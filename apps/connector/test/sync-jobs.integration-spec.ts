import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import type { contentV1, documentsV1, eventsV1, organisationV1 } from '@platform/proto';
import { eventually, failure } from '@platform/testing';
import { MAX_ATTEMPTS } from '../src/domain/sync-job-rules';
import { startConnectorHarness, type ConnectorHarness } from './connector-harness';
import { article, company, conference, document, event, member } from './support/site-records';
import { syncCalls } from './support/sync-calls';

const ORG = randomUUID();

describe('sync jobs: the import through the import RPCs, logs, stats, the runner and the scheduler', () => {
  let h: ConnectorHarness;
  let admin: string;

  beforeAll(async () => {
    h = await startConnectorHarness('sync_jobs');
    admin = h.tokens.org(ORG, 'ADMIN');
  });
  afterAll(async () => h?.stopAll());
  const { createConnector, start, ended, logs } = syncCalls(() => ({ h, organizationId: ORG, token: admin }));

  /** An INITIAL_IMPORT row as a stopped replica leaves it behind: its status, the attempts so far, started and last seen that long ago. */
  const leftBehindJob = async (connectorId: string, job: { status: 'RUNNING' | 'PENDING'; attempts: number; seenAgo: string }) => {
    const [row] = await h.sql<{ id: string }>(
      `INSERT INTO sync_job (id, connector_id, organization_id, job_type, status, trigger, started_by, attempts, started_at, heartbeat_at)
       VALUES (gen_random_uuid(), $1, $2, 'INITIAL_IMPORT', $3, 'MANUAL', $4, $5, now() - $6::interval, now() - $6::interval) RETURNING id`,
      [connectorId, ORG, job.status, randomUUID(), job.attempts, job.seenAgo],
    );
    return row!.id;
  };
  /** The line of company 50, as a job wrote it before it stopped. */
  const logCompany50 = (connectorId: string, jobId: string) =>
    h.sql(`INSERT INTO sync_log (job_id, connector_id, entity_type, external_id, action) VALUES ($1, $2, 'COMPANIES', '50', 'CREATE')`, [jobId, connectorId]);

  const seed = () => {
    h.site.set('members', [
      member(1, 'administrator'),
      member(2),
      member(3, 'pending-review'),
      member(4, 'subscriber'),
      member(5, 'association-member', { user_email: '', email: '' }),
    ]);
    h.site.set('articles', [article(10), article(11, 'draft')]);
    h.site.set('events', [event(20), event(21, 'private'), event(22, 'trash'), event(23, 'publish', { _event_date_time_end: null })]);
    h.site.set('conferences', [conference(30)]);
    h.site.set('companies', [company(50), company(51, 'draft')]);
    h.site.set('documents', [document(40, 'document', ['Board', 'Minutes', '2025']), document(41), document(42, 'policy', ['Board'], 'draft')]);
    h.site.set('notifications', []);
  };

  it('runs INITIAL_IMPORT in order, maps every entity type, logs one line per record and counts it per type', async () => {
    seed();
    const c = await createConnector();
    h.site.requests.length = 0;
    const pending = await start(c.id, 'INITIAL_IMPORT');
    expect(pending).toMatchObject({ status: 'PENDING', jobType: 'INITIAL_IMPORT', trigger: 'MANUAL' });
    const job = await ended(c.id, pending.id);
    expect(job).toMatchObject({ status: 'COMPLETED', errorMessage: '' });

    // Ping first, then the pulls in the import order, 200 a page, no `since`.
    const pulls = h.site.requests.map((r) => r.path);
    expect(pulls[0]).toBe('sync/ping');
    expect([...new Set(pulls.slice(1))]).toEqual([
      'sync/articles',
      'sync/members',
      'sync/events',
      'sync/conferences',
      'sync/companies',
      'sync/documents',
      'sync/notifications',
    ]);
    expect(h.site.requests.slice(1).every((r) => r.query.get('per_page') === '200' && !r.query.has('since'))).toBe(true);

    const byType = Object.fromEntries(job.progress.map((p) => [p.entityType, p]));
    expect(byType['MEMBERS']).toMatchObject({ fetched: 5, created: 4, failed: 1, done: true });
    expect(byType['EVENTS']).toMatchObject({ fetched: 4, created: 3, skipped: 1 });
    expect(byType['DOCUMENTS']).toMatchObject({ fetched: 3, created: 3 });
    expect(job.totals).toMatchObject({ fetched: 17, created: 15, skipped: 1, failed: 1 });

    // Members: role → status, an administrator ACTIVE ADMIN, no email FAILED.
    const m = (id: string) => h.fakes.store.get<organisationV1.MemberRecord>('members', id);
    expect([m('1')?.status, m('1')?.role, m('2')?.status, m('3')?.status, m('4')?.status]).toEqual(['ACTIVE', 'ADMIN', 'ACTIVE', 'PENDING', 'INACTIVE']);
    expect(m('2')).toMatchObject({
      email: 'member2@example.org',
      phoneNumber: '0400000000',
      jobTitle: 'Manager',
      company: 'Acme',
      isCertified: true,
      postalCode: '4000',
    });
    const failed = await logs(c.id, job.id, { entityType: 'MEMBERS', action: 'FAILED' });
    expect(failed.content).toEqual([expect.objectContaining({ externalId: '5', message: 'the member has no email address' })]);
    expect(failed.content[0]?.platformId).toBeUndefined();

    // Events: local ms through +10:00; private a DRAFT needing review; trash skipped; a missing end an hour after the start.
    const e = (id: string) => h.fakes.store.get<eventsV1.UpsertEventRecord>('events', id);
    expect(e('20')?.event).toMatchObject({
      startDate: '2026-03-13T21:30:00.000Z',
      endDate: '2026-03-13T23:00:00.000Z',
      eventType: 'IN_PERSON',
      venueName: 'Hall',
    });
    // (Over by now: a published event already over is COMPLETED, as the platform makes it.)
    expect(e('20')).toMatchObject({ status: 'COMPLETED', needsReview: false, attendingCount: 42 });
    expect(e('21')).toMatchObject({ status: 'DRAFT', needsReview: true });
    expect(e('22')).toBeUndefined();
    expect(e('23')?.event?.endDate).toBe('2026-03-13T22:30:00.000Z');
    expect(e('30')?.event).toMatchObject({ eventType: 'CONFERENCE', startDate: '2026-08-18T23:00:00.000Z' });
    const trash = await logs(c.id, job.id, { entityType: 'EVENTS', action: 'SKIP' });
    expect(trash.content).toEqual([expect.objectContaining({ externalId: '22', message: 'in the trash: not imported' })]);

    // Articles as raw markup; companies; documents with their folders, parents first.
    expect(h.fakes.store.get<contentV1.ImportedArticle>('articles', '10')).toMatchObject({ status: 'PUBLISHED', category: 'News', tags: ['agm', 'awards'] });
    expect(h.fakes.store.get<contentV1.ImportedArticle>('articles', '11')?.status).toBe('DRAFT');
    expect(h.fakes.store.get<contentV1.ImportedCompany>('companies', '51')?.status).toBe('DRAFT');
    const folderCalls = h.fakes.documents.callsOf('upsertFolders');
    expect(folderCalls[0]?.request.folders.map((f) => [f.name, f.parentExternalId])).toEqual([
      ['Board', ''],
      ['Minutes', 'document_folder:Board'],
      ['2025', 'document_folder:Board/Minutes'],
      ['Document', ''],
      ['Board', ''],
    ]);
    expect(h.fakes.store.get<documentsV1.ImportedDocument>('documents', '40')).toMatchObject({
      folderExternalId: 'document_folder:Board/Minutes/2025',
      mimeType: 'application/pdf',
      access: 'MEMBERS_ONLY',
    });
    expect(h.fakes.store.get<documentsV1.ImportedDocument>('documents', '41')?.folderExternalId).toBe('root:document');
    expect(h.fakes.store.get<documentsV1.ImportedDocument>('documents', '42')?.access).toBe('PRIVATE');

    // The connector is initialised; INITIAL_IMPORT never again (409); stats count it.
    const after = await h.call('getConnector', { organizationId: ORG, connectorId: c.id }, admin);
    expect(after).toMatchObject({ initialized: true, status: 'ACTIVE', lastError: '' });
    expect((await failure(start(c.id, 'INITIAL_IMPORT')))?.code).toBe(status.ALREADY_EXISTS);
    const stats = await h.call('getConnectorStats', { organizationId: ORG, connectorId: c.id }, admin);
    expect(stats).toMatchObject({ totalJobs: 1, completedJobs: 1, failedJobs: 0, activeJobs: 0, lastJobStatus: 'COMPLETED', totalLinkedRecords: 15 });
    expect(stats.totals).toMatchObject({ created: 15, skipped: 1, failed: 1 });
    expect(stats.linkedRecords['MEMBERS']).toBe(4);

    // FULL_SYNC of an unchanged site creates nothing; a changed record is an UPDATE.
    h.site.records['members']![1]!.record['job_title'] = 'Director';
    const full = await ended(c.id, (await start(c.id, 'FULL_SYNC')).id);
    expect(full.totals).toMatchObject({ fetched: 17, created: 0, updated: 1, skipped: 15, failed: 1 });
    expect((await logs(c.id, full.id, { action: 'UPDATE' })).content.map((l) => [l.entityType, l.externalId])).toEqual([['MEMBERS', '2']]);

    // INCREMENTAL passes `since` = the last completed job's start minus the margin.
    h.site.requests.length = 0;
    const inc = await ended(c.id, (await start(c.id, '')).id);
    expect(inc.jobType).toBe('INCREMENTAL');
    const since = h.site.requests.find((r) => r.path === 'sync/members')?.query.get('since');
    expect(since).toBeTruthy();
    expect(Date.parse(since!)).toBeLessThan(Date.parse(full.startedAt as unknown as string) || (full.startedAt as Date).getTime());

    const jobs = await h.call('listSyncJobs', { organizationId: ORG, connectorId: c.id, status: '' } as never, admin);
    expect(jobs.content.map((j) => j.jobType)).toEqual(['INCREMENTAL', 'FULL_SYNC', 'INITIAL_IMPORT']);
    expect(jobs.totalElements).toBe(3);
  });

  it('pages by 200 and writes 500 records a call', async () => {
    h.site.set(
      'members',
      Array.from({ length: 1201 }, (_, i) => member(1000 + i)),
    );
    const c = await createConnector({ enabledEntityTypes: ['MEMBERS'] });
    h.site.requests.length = 0;
    const before = h.fakes.organisation.callsOf('upsertMembers').length;
    const job = await ended(c.id, (await start(c.id, 'INITIAL_IMPORT')).id, 20_000);
    expect(job.totals).toMatchObject({ fetched: 1201, created: 1201 });
    expect(h.site.requests.filter((r) => r.path === 'sync/members').map((r) => r.query.get('page'))).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(
      h.fakes.organisation
        .callsOf('upsertMembers')
        .slice(before)
        .map((call) => call.request.members.length),
    ).toEqual([500, 500, 201]);
    expect((await logs(c.id, job.id)).totalElements).toBe(1201);
  });

  it('retries a transient 500 of the site and answers 409 to a second start while a job is active', async () => {
    seed();
    const c = await createConnector({ enabledEntityTypes: ['ARTICLES'] });
    h.site.failNext('sync/articles', 500, 2);
    h.site.delay('sync/articles', 150);
    h.site.requests.length = 0;
    const first = await start(c.id, 'INITIAL_IMPORT');
    expect((await failure(start(c.id, 'FULL_SYNC')))?.code).toBe(status.ALREADY_EXISTS);
    const job = await ended(c.id, first.id);
    h.site.delay('sync/articles', 0);
    expect(job.status).toBe('COMPLETED');
    expect(job.totals?.fetched).toBe(2);
    expect(h.site.requests.filter((r) => r.path === 'sync/articles' && r.query.get('page') === '1')).toHaveLength(3);
  });

  it('fails the job on the site 401 with a clear message and puts the connector in ERROR; a good run brings it back', async () => {
    seed();
    const c = await createConnector({ syncKey: 'a-wrong-sync-key', enabledEntityTypes: ['MEMBERS'] });
    const job = await ended(c.id, (await start(c.id, 'INITIAL_IMPORT')).id);
    expect(job).toMatchObject({ status: 'FAILED', errorMessage: expect.stringContaining('refused the sync key (401 association_sync_key_invalid)') });
    const broken = await h.call('getConnector', { organizationId: ORG, connectorId: c.id }, admin);
    expect(broken).toMatchObject({ status: 'ERROR', initialized: false, lastError: job.errorMessage });

    h.site.failNext('sync/members', 503, 1);
    await h.call(
      'updateConnector',
      {
        organizationId: ORG,
        connectorId: c.id,
        config: { syncKey: h.site.key, enabledEntityTypes: [], fieldMappings: {}, replaceFieldMappings: false },
      } as never,
      admin,
    );
    const unavailable = await ended(c.id, (await start(c.id, 'INITIAL_IMPORT')).id);
    expect(unavailable.errorMessage).toContain('503');
    const ok = await ended(c.id, (await start(c.id, 'INITIAL_IMPORT')).id);
    expect(ok.status).toBe('COMPLETED');
    expect(await h.call('getConnector', { organizationId: ORG, connectorId: c.id }, admin)).toMatchObject({
      status: 'ACTIVE',
      initialized: true,
      lastError: '',
    });
  });

  it('fails the job when the site stays down (after its retries), whether it refuses connections or keeps answering 500', async () => {
    seed();
    const down = await createConnector({ siteUrl: h.deadSiteUrl, enabledEntityTypes: ['MEMBERS'] });
    const job = await ended(down.id, (await start(down.id, 'INITIAL_IMPORT')).id);
    expect(job).toMatchObject({ status: 'FAILED', errorMessage: expect.stringContaining('The legacy site failed: the site cannot be reached') });
    expect((await h.call('getConnector', { organizationId: ORG, connectorId: down.id }, admin)).status).toBe('ERROR');
    const test = await h.call('testConnector', { organizationId: ORG, connectorId: down.id }, admin);
    expect(test.checks[0]).toMatchObject({ name: 'SITE_REACHABLE', passed: false, message: expect.stringContaining('ECONNREFUSED') });

    // Down mid-sync: members arrive, then every try of the events pull answers 500.
    const c = await createConnector({ enabledEntityTypes: ['MEMBERS', 'EVENTS'] });
    h.site.failNext('sync/events', 500, 10);
    const broken = await ended(c.id, (await start(c.id, 'INITIAL_IMPORT')).id);
    expect(broken).toMatchObject({ status: 'FAILED', errorMessage: 'The legacy site failed: the site answered 500 injected_failure: injected' });
    expect(Object.fromEntries(broken.progress.map((p) => [p.entityType, p.done]))).toEqual({ MEMBERS: true, EVENTS: false });
    h.site.failNext('sync/events', 500, 0);
  });

  it('force-stops a job: FAILED "Stopped by an administrator", the connector unchanged, every answered record logged once and counted', async () => {
    h.site.set(
      'members',
      Array.from({ length: 1600 }, (_, i) => member(5000 + i)),
    );
    h.site.delay('sync/members', 300);
    const c = await createConnector({ enabledEntityTypes: ['MEMBERS'] });
    const job = await start(c.id, 'INITIAL_IMPORT');
    // Stopped once a first batch is answered and logged, while the next pages are read.
    await eventually(async () =>
      expect((await h.call('getSyncJob', { organizationId: ORG, connectorId: c.id, jobId: job.id }, admin)).totals?.created).toBeGreaterThan(0),
    );
    await h.call('stopSyncJob', { organizationId: ORG, connectorId: c.id, jobId: job.id }, admin);
    const stopped = await ended(c.id, job.id);
    h.site.delay('sync/members', 0);
    expect(stopped).toMatchObject({ status: 'FAILED', errorMessage: 'Stopped by an administrator' });
    expect(stopped.totals?.created).toBeLessThan(1600);
    const lines = await h.call(
      'listSyncLogs',
      { organizationId: ORG, connectorId: c.id, jobId: job.id, entityType: '', action: '', size: 100 } as never,
      admin,
    );
    expect(lines.totalElements).toBe(stopped.totals?.created);
    // Whole batches only: what was sent was answered, logged and counted.
    expect((stopped.totals?.created ?? 0) % 500).toBe(0);
    expect((await h.call('getConnector', { organizationId: ORG, connectorId: c.id }, admin)).status).toBe('ACTIVE');
    expect((await failure(h.call('stopSyncJob', { organizationId: ORG, connectorId: c.id, jobId: job.id }, admin)))?.code).toBe(status.ALREADY_EXISTS);
  });

  it('runs a job again from the start when its process died mid-way (no heartbeat for 5 minutes), without duplicate lines', async () => {
    seed();
    const c = await createConnector({ enabledEntityTypes: ['COMPANIES'] });
    // A RUNNING job nobody runs: what a killed replica leaves behind.
    const jobId = await leftBehindJob(c.id, { status: 'RUNNING', attempts: 1, seenAgo: '10 minutes' });
    await logCompany50(c.id, jobId);
    const job = await ended(c.id, jobId);
    expect(job.status).toBe('COMPLETED');
    expect((await logs(c.id, job.id)).content.map((l) => l.externalId).sort()).toEqual(['50', '51']);
  });

  it('fails a job interrupted MAX_ATTEMPTS times for good and puts its connector in ERROR with the reason', async () => {
    seed();
    const c = await createConnector({ enabledEntityTypes: ['COMPANIES'] });
    const job = await ended(c.id, await leftBehindJob(c.id, { status: 'RUNNING', attempts: MAX_ATTEMPTS, seenAgo: '10 minutes' }));
    expect(job).toMatchObject({ status: 'FAILED', errorMessage: `Interrupted ${MAX_ATTEMPTS} times (the service stopped while it ran)` });
    await eventually(async () =>
      expect(await h.call('getConnector', { organizationId: ORG, connectorId: c.id }, admin)).toMatchObject({ status: 'ERROR', lastError: job.errorMessage }),
    );
  });

  it('runs a job its stopping service put back to PENDING (SIGTERM: the attempt not counted) again from the start, without its earlier lines', async () => {
    seed();
    const c = await createConnector({ enabledEntityTypes: ['COMPANIES'] });
    // What a graceful stop mid-job leaves behind: PENDING again, attempts back to 0, the lines of the pages written.
    const jobId = await leftBehindJob(c.id, { status: 'PENDING', attempts: 0, seenAgo: '1 second' });
    await logCompany50(c.id, jobId);
    const job = await ended(c.id, jobId);
    expect(job.status).toBe('COMPLETED');
    expect((await logs(c.id, job.id)).content.map((l) => l.externalId).sort()).toEqual(['50', '51']);
  });

  it('schedules INCREMENTAL syncs at the interval and computes nextSyncAt', async () => {
    seed();
    const c = await createConnector({ enabledEntityTypes: ['COMPANIES'], syncIntervalMinutes: 15 });
    const initial = await ended(c.id, (await start(c.id, 'INITIAL_IMPORT')).id);
    const afterInitial = await h.call('getConnector', { organizationId: ORG, connectorId: c.id }, admin);
    const next = (afterInitial.nextSyncAt as Date).getTime();
    expect(next - (initial.finishedAt as Date).getTime()).toBe(15 * 60_000);
    // Due now: the scheduler starts an INCREMENTAL job.
    await h.sql(`UPDATE connector SET next_sync_at = now() - interval '1 second' WHERE id = $1`, [c.id]);
    const scheduled = await eventually(async () => {
      const jobs = await h.call('listSyncJobs', { organizationId: ORG, connectorId: c.id, status: '' } as never, admin);
      const found = jobs.content.find((j) => j.trigger === 'SCHEDULED' && j.status === 'COMPLETED');
      if (!found) throw new Error('no scheduled job yet');
      return found;
    });
    // Nothing changed on the site since the last sync: an INCREMENTAL reads nothing.
    expect(scheduled).toMatchObject({ jobType: 'INCREMENTAL', totals: expect.objectContaining({ fetched: 0 }) });
    expect(scheduled.since).toBeDefined();
    // Paused: nothing is scheduled any more.
    const paused = await h.call('updateConnector', { organizationId: ORG, connectorId: c.id, status: 'PAUSED' } as never, admin);
    expect(paused.nextSyncAt).toBeUndefined();
  });
});
