// Fan-out of one ALL_MEMBERS notification to an organisation of 50,000 members (issue 5): the
// built service in its own process on a throw-away schema, a fake FCM in this process (reached by
// firebase-admin through FIREBASE_TEST_ENDPOINT), members and device tokens seeded in bulk. Measures
// the time to answer (inbox rows are written before the answer), whether the answer came before
// push delivery finished, the delivery time, and the service's memory (RSS and V8 heap from its
// /metrics) sampled every 100 ms from idle through the end of delivery.
//
// Build the service, bundle this script, run it (PostgreSQL and NATS on their local ports):
//   npx nx run notifications:build
//   npx esbuild apps/notifications/bench/fan-out.ts --bundle --platform=node --target=node24 \
//     --packages=external --tsconfig=tsconfig.base.json --outfile=dist/tools/notifications-fan-out.js
//   node dist/tools/notifications-fan-out.js [members=50000] [devices=10000] [runs=3]
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TokenSigner } from '@platform/auth';
import { createClient, unary } from '@platform/grpc-server';
import { createTestMessaging, createTestSchema, freePort, startApp } from '@platform/testing';
import pg from 'pg';
import { notificationsV1 } from '@platform/proto';
import { startFakeFcm } from '../test/support/fake-fcm';

const MEMBERS = Number(process.argv[2] ?? 50_000);
const DEVICES = Number(process.argv[3] ?? 10_000);
const RUNS = Number(process.argv[4] ?? 3);
const JWT_SECRET = 'bench-secret-0123456789abcdef0123456789';
const say = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

interface MemorySample {
  at: number;
  rss: number;
  heapUsed: number;
}

async function memoryOf(metricsUrl: string): Promise<MemorySample> {
  const text = await (await fetch(metricsUrl)).text();
  const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)`, 'm').exec(text)?.[1] ?? NaN);
  return { at: Date.now(), rss: value('process_resident_memory_bytes'), heapUsed: value('nodejs_heap_size_used_bytes') };
}

async function main(): Promise<void> {
  const schema = await createTestSchema('bench_fanout');
  const messaging = createTestMessaging('benchfanout');
  await messaging.ensureStream();
  const fcm = await startFakeFcm();
  const keyDir = await mkdtemp(path.join(os.tmpdir(), 'fcm-bench-'));
  const keyFile = path.join(keyDir, 'service-account.json');
  await writeFile(keyFile, fcm.serviceAccountJson, { mode: 0o600 });
  const [grpcPort, adminPort] = await Promise.all([freePort(), freePort()]);
  const db = new pg.Pool({ connectionString: schema.connectionString, options: `-c search_path=${schema.schema}`, max: 2 });
  const app = await startApp(
    'notifications',
    {
      NODE_ENV: 'test',
      DATABASE_URL: schema.connectionString,
      NOTIFICATIONS_DB_SCHEMA: schema.schema,
      NOTIFICATIONS_GRPC_PORT: String(grpcPort),
      NOTIFICATIONS_ADMIN_PORT: String(adminPort),
      ORGANISATION_GRPC_URL: '',
      JWT_SECRET,
      GOOGLE_APPLICATION_CREDENTIALS: keyFile,
      FIREBASE_TEST_ENDPOINT: fcm.address,
      ...messaging.env,
    },
    `http://127.0.0.1:${adminPort}/readyz`,
  );
  const client = createClient(notificationsV1.NotificationsServiceClient, `127.0.0.1:${grpcPort}`);
  const metricsUrl = `http://127.0.0.1:${adminPort}/metrics`;
  try {
    const org = randomUUID();
    const seeded = Date.now();
    await db.query(
      `INSERT INTO member_projection (organization_id, account_id, role, status, version)
       SELECT $1::uuid, gen_random_uuid(), CASE WHEN g % 50 = 0 THEN 'GUEST' ELSE 'MEMBER' END, 'ACTIVE', now() FROM generate_series(1, $2::int) g`,
      [org, MEMBERS],
    );
    await db.query(
      `INSERT INTO device_token (id, account_id, push_token, platform, device_name, updated_at)
       SELECT gen_random_uuid(), account_id, 'bench-' || account_id, 'ANDROID', '', now()
         FROM (SELECT account_id FROM member_projection WHERE organization_id = $1::uuid ORDER BY random() LIMIT $2::int) m`,
      [org, DEVICES],
    );
    await db.query('ANALYZE');
    say(`seeded ${MEMBERS} members and ${DEVICES} devices in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

    const signer = new TokenSigner({ issuer: 'association-platform', userKeys: { secret: JWT_SECRET } });
    const token = signer.signAccess({ sub: randomUUID(), userType: 'ORGANIZATION', organizationId: org, organizationRole: 'ADMIN', sid: randomUUID() }).token;
    const results: Array<{
      answerMs: number;
      recipients: number;
      rowsAtAnswer: number;
      jobAtAnswer: string;
      pushedAtAnswer: number;
      deliveryMs: number;
      sent: number;
    }> = [];
    const samples: MemorySample[] = [];
    const idle: MemorySample[] = [];
    for (let i = 0; i < 5; i++) {
      idle.push(await memoryOf(metricsUrl));
      await new Promise((r) => setTimeout(r, 100));
    }
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        samples.push(await memoryOf(metricsUrl));
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    for (let run = 1; run <= RUNS; run++) {
      fcm.reset();
      const started = process.hrtime.bigint();
      const sent = await unary(
        client,
        client.sendNotification,
        {
          organizationId: '',
          title: `Bench ${run}`,
          body: 'Fan-out',
          targetType: 'ALL_MEMBERS',
          targetUserId: '',
          targetRole: '',
          data: { type: 'BENCH', run },
        },
        { token, timeoutMs: 60_000 },
      );
      const answerMs = Number(process.hrtime.bigint() - started) / 1e6;
      const pushedAtAnswer = fcm.sends.length;
      const [{ count }] = (await db.query('SELECT count(*)::int AS count FROM inbox_entry WHERE notification_id = $1', [sent.id])).rows as [{ count: number }];
      const [{ status: jobAtAnswer }] = (await db.query('SELECT status FROM push_job WHERE notification_id = $1', [sent.id])).rows as [{ status: string }];
      let job: { status: string; sent: number };
      for (;;) {
        job = (await db.query('SELECT status, sent FROM push_job WHERE notification_id = $1', [sent.id])).rows[0] as { status: string; sent: number };
        if (job.status !== 'PENDING') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const deliveryMs = Number(process.hrtime.bigint() - started) / 1e6;
      results.push({ answerMs, recipients: sent.recipientCount ?? 0, rowsAtAnswer: count, jobAtAnswer, pushedAtAnswer, deliveryMs, sent: job.sent });
      say(
        `run ${run}: answered in ${answerMs.toFixed(0)} ms with ${sent.recipientCount} recipients (${count} inbox rows, push job ${jobAtAnswer}, ${pushedAtAnswer} pushes sent so far); ` +
          `push ${job.status} after ${(deliveryMs / 1000).toFixed(2)} s, ${job.sent} sent`,
      );
      await new Promise((r) => setTimeout(r, 500));
    }
    sampling = false;
    await sampler;

    const inbox = await unary(
      client,
      client.listNotifications,
      { page: 0, size: 20, sort: '' },
      {
        token: signer.signAccess({
          sub: ((await db.query('SELECT account_id FROM member_projection WHERE organization_id = $1 LIMIT 1', [org])).rows[0] as { account_id: string })
            .account_id,
          userType: 'ORGANIZATION',
          organizationId: org,
          organizationRole: 'MEMBER',
          sid: randomUUID(),
        }).token,
      },
    );

    const idleRss = Math.max(...idle.map((s) => s.rss));
    const idleHeap = Math.max(...idle.map((s) => s.heapUsed));
    const peakRss = Math.max(...samples.map((s) => s.rss));
    const peakHeap = Math.max(...samples.map((s) => s.heapUsed));
    const lastRss = samples[samples.length - 1]?.rss ?? NaN;
    const answers = results.map((r) => r.answerMs).sort((a, b) => a - b);
    say('');
    say(
      `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(1)}`,
    );
    say(`members ${MEMBERS} (2 % GUEST), devices ${DEVICES}, runs ${RUNS}`);
    say(`answer (inbox rows written): ${answers.map((a) => `${a.toFixed(0)} ms`).join(', ')} (target < 5 s)`);
    say(`answered before delivery finished: ${results.every((r) => r.jobAtAnswer === 'PENDING' && r.pushedAtAnswer < r.sent) ? 'yes, every run' : 'NO'}`);
    say(`push delivery (answer included): ${results.map((r) => `${(r.deliveryMs / 1000).toFixed(2)} s`).join(', ')} for ${results[0]?.sent} devices each`);
    say(
      `service memory: idle RSS ${mb(idleRss)} MB / heap ${mb(idleHeap)} MB; peak during fan-out and delivery RSS ${mb(peakRss)} MB / heap ${mb(peakHeap)} MB; after ${RUNS} runs RSS ${mb(lastRss)} MB (${samples.length} samples)`,
    );
    const start = samples[0]?.at ?? 0;
    const perSecond = new Map<number, MemorySample>();
    for (const sample of samples) {
      const second = Math.floor((sample.at - start) / 1000);
      const seen = perSecond.get(second);
      if (!seen || sample.heapUsed > seen.heapUsed) perSecond.set(second, sample);
    }
    say(`heap used, highest sample of each second (MB): ${[...perSecond.values()].map((s) => mb(s.heapUsed)).join(' ')}`);
    say(`inbox page of a member after the runs: ${inbox.content.length} of ${inbox.totalElements}`);
  } finally {
    client.close();
    await app.stop();
    await db.end();
    await fcm.stop();
    await rm(keyDir, { recursive: true, force: true });
    await messaging.cleanup();
    await schema.drop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
