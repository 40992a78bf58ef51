import { status, type ServiceError } from '@grpc/grpc-js';
import { ERROR_CODE_KEY, ERROR_RETRY_AFTER_KEY } from '@platform/errors';
import { startTcpProxy, testDatabaseUrl, testNatsUrl, type TcpProxy } from '@platform/testing';
import { article, eventually, organisation, startContentHarness, type ContentHarness } from './content-harness';

/**
 * The service kit's answer to an outage, on a real service: its PostgreSQL and NATS reached
 * through TCP relays the test cuts and restores (the shared servers stay up).
 */
describe('the content service while its database or NATS is down', () => {
  let database: TcpProxy;
  let nats: TcpProxy;
  let h: ContentHarness;
  let org: ReturnType<typeof organisation>;

  beforeAll(async () => {
    const dbUrl = new URL(testDatabaseUrl());
    const natsUrl = new URL(testNatsUrl());
    database = await startTcpProxy(Number(dbUrl.port || 5432), dbUrl.hostname);
    nats = await startTcpProxy(Number(natsUrl.port || 4222), natsUrl.hostname);
    h = await startContentHarness('outage', { DATABASE_URL: database.urlOf(testDatabaseUrl()), NATS_URL: nats.urlOf(testNatsUrl()) });
    org = organisation(h);
  });
  afterAll(async () => {
    await database?.restore();
    await nats?.restore();
    await h?.stop();
    await database?.close();
    await nats?.close();
  });

  const failureOf = (call: Promise<unknown>): Promise<Pick<ServiceError, 'code' | 'details'> & { platformCode?: string; retryAfter?: string }> =>
    call.then(
      () => {
        throw new Error('the call succeeded');
      },
      (err: ServiceError) => ({
        code: err.code,
        details: err.details,
        platformCode: err.metadata?.get(ERROR_CODE_KEY)[0]?.toString(),
        retryAfter: err.metadata?.get(ERROR_RETRY_AFTER_KEY)[0]?.toString(),
      }),
    );
  const readiness = async () => {
    const res = await fetch(`http://127.0.0.1:${h.service.adminPort}/readyz`);
    return { status: res.status, checks: ((await res.json()) as { checks: Record<string, { status: string }> }).checks };
  };
  const DATABASE_DOWN = {
    code: status.UNAVAILABLE,
    details: 'The database this operation needs is unavailable right now. Try again shortly.',
    platformCode: 'DEPENDENCY_UNAVAILABLE',
    retryAfter: '5',
  };

  it('answers UNAVAILABLE with DEPENDENCY_UNAVAILABLE and a retry-after while the database is cut, and serves again once it is back, without a restart', async () => {
    const created = await h.call('createArticle', article({ organizationId: org.id }), org.admin);
    const read = () => h.call('getArticle', { organizationId: org.id, articleId: created.id }, org.admin);

    await database.cut();
    expect(await failureOf(read())).toEqual(DATABASE_DOWN);
    // A write in a transaction, too; and nothing half-written appears later.
    expect(await failureOf(h.call('createArticle', article({ organizationId: org.id, title: 'During the outage' }), org.admin))).toEqual(DATABASE_DOWN);
    // Readiness runs its checks at most once a second: it follows shortly.
    expect(await eventually(async () => (await readiness()).status === 503)).toBe(true);
    expect(await readiness()).toMatchObject({ checks: { postgres: { status: 'DOWN' }, nats: { status: 'UP' } } });

    await database.restore();
    await expect(read()).resolves.toMatchObject({ id: created.id });
    expect(await h.sql(`SELECT 1 FROM article WHERE title = 'During the outage'`)).toEqual([]);
    expect(await eventually(async () => (await readiness()).status === 200)).toBe(true);
  });

  it('answers a database that takes connections but never answers within the connection timeout, not at the deadline', async () => {
    await database.stall();
    await new Promise((resolve) => setTimeout(resolve, 300)); // the pool lets go of its dropped connections
    const started = Date.now();
    try {
      const failure = await failureOf(h.call('listArticles', { organizationId: org.id, status: '', tag: '', search: '', sort: '' }, org.admin));
      expect(failure).toEqual(DATABASE_DOWN);
      // A new connection is given up after CONNECTION_TIMEOUT_MS (5 s); the harness's deadline is 10 s.
      expect(Date.now() - started).toBeGreaterThanOrEqual(4_500);
      expect(Date.now() - started).toBeLessThan(9_000);
    } finally {
      await database.restore();
    }
    await expect(h.call('listArticles', { organizationId: org.id, status: '', tag: '', search: '', sort: '' }, org.admin)).resolves.toBeDefined();
  });

  it('keeps taking writes while NATS is cut: their events wait in the outbox and go out once it is back', async () => {
    const created = await h.call('createArticle', article({ organizationId: org.id, title: 'Published in the dark' }), org.admin);
    const event = await h.nextMessage(
      'content.article.published',
      async () => {
        await nats.cut();
        try {
          await expect(h.call('publishArticle', { organizationId: org.id, articleId: created.id }, org.admin)).resolves.toMatchObject({ status: 'PUBLISHED' });
          expect(await h.sql('SELECT id FROM outbox_event')).toHaveLength(1);
          expect(await eventually(async () => (await readiness()).checks['nats']?.status === 'DOWN')).toBe(true);
        } finally {
          await nats.restore();
        }
      },
      20_000,
    );
    expect(event).toBeDefined();
    expect(await eventually(async () => (await readiness()).status === 200)).toBe(true);
  });
});
