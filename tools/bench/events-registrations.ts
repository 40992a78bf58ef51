// Events at scale, against the built events service over gRPC (the gateway adds its own overhead,
// measured by gateway-overhead), with the built identity service it asks for each registrant:
//  1. 1,000 concurrent registrations (one member each) for one event of 300 places with a waiting
//     list: exactly 300 CONFIRMED and 700 WAITLISTED; then the same without a waiting list:
//     exactly 300 registered and 700 answers EVENT_FULL. Throughput and latency recorded.
//  2. The event list over 10,000 events of one organisation (imported in batches of 500 through
//     UpsertEvents): member queries p50/p95/p99 (target: p95 < 20 ms).
// Needs the apps built: `npx nx run-many -t build -p events,identity,gateway`. Run: `npm run bench -- events-registrations`.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { status, type ServiceError } from '@grpc/grpc-js';
import { TokenSigner } from '@platform/auth';
import { ERROR_CODE_KEY } from '@platform/errors';
import { createClient, unary } from '@platform/grpc-server';
import { eventsV1 } from '@platform/proto';
import pg from 'pg';
import { STACK_JWT_SECRET, STACK_SERVICE_JWT_SECRET, startPlatformStack, testDatabaseUrl } from '@platform/testing';
import { machineLine, ms, percentile, writeSection } from './report';

const REGISTRANTS = 1000;
const PLACES = 300;
const EVENTS = 10_000;
const BATCH = 500;
const SAMPLES = 1000;
const WORDS = ['annual', 'meeting', 'training', 'safety', 'awards', 'conference', 'members', 'policy', 'dinner', 'workshop', 'budget', 'excursion'];
const CATEGORIES = ['Meetings', 'Training', 'Social', 'Conference', 'Board', 'Sports', 'Culture', 'Youth'];
const STATUSES = ['PUBLISHED', 'PUBLISHED', 'PUBLISHED', 'PUBLISHED', 'PUBLISHED', 'PUBLISHED', 'COMPLETED', 'COMPLETED', 'CANCELLED', 'DRAFT'];

const pick = <T>(items: readonly T[], i: number): T => items[i % items.length] as T;

function eventInput(overrides: Partial<eventsV1.EventInput> = {}): eventsV1.EventInput {
  return {
    title: 'Bench event',
    description: 'A benchmark event',
    eventType: 'IN_PERSON',
    category: 'Meetings',
    startDate: '2031-06-01T10:00:00Z',
    endDate: '2031-06-01T18:00:00Z',
    venueName: 'Hall',
    address: { street: '', city: 'Ghent', province: '', postalCode: '', country: 'BE' },
    locationTypeNote: '',
    registrationRequired: true,
    maxAttendees: PLACES,
    waitingListEnabled: true,
    isFree: false,
    basePrice: { value: '20' },
    memberPrice: { value: '12.50' },
    earlyBirdPrice: undefined,
    earlyBirdDeadline: '',
    currency: 'EUR',
    excerpt: '',
    isAllDay: false,
    isVirtual: false,
    cost: '',
    registrationUrl: '',
    featuredImageUrl: '',
    surveyQuestions: [],
    ...overrides,
  };
}

/** Event i of the seeded organisation: spread over 2020–2034, titles of three words. */
function seeded(i: number): eventsV1.UpsertEventRecord {
  const start = new Date(Date.UTC(2020, 0, 1) + i * 12 * 3_600_000);
  const title = `${pick(WORDS, i)} ${pick(WORDS, i * 7 + 3)} ${pick(WORDS, i * 13 + 5)} no. ${i}`;
  return {
    externalId: `bench-${i}`,
    event: eventInput({
      title,
      category: pick(CATEGORIES, i),
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
      maxAttendees: 100,
    }),
    status: pick(STATUSES, i),
    needsReview: false,
    attendingCount: i % 50,
  };
}

async function timed(calls: number, call: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t = process.hrtime.bigint();
    await call(i);
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return samples.sort((a, b) => a - b);
}

const cells = (s: number[]) => [50, 95, 99].map((p) => ms(percentile(s, p)).replace(' ms', ''));
const row = (name: string, s: number[], bold = false) => {
  const [p50, p95, p99] = cells(s);
  return `| ${bold ? `**${name}**` : name} | ${p50} | ${bold ? `**${p95}**` : p95} | ${p99} |`;
};

interface Race {
  seconds: number;
  latencies: number[];
  statuses: Record<string, number>;
  counts: { confirmedCount: number; waitlistedCount: number };
  storedConfirmed: number;
}

/** VACUUM ANALYZE of the stack's event table (what autovacuum does shortly after a bulk import). */
async function vacuumEvents(): Promise<void> {
  const db = new pg.Client({ connectionString: testDatabaseUrl() });
  await db.connect();
  try {
    const { rows } = await db.query<{ schema: string }>(
      `SELECT nspname AS schema FROM pg_namespace WHERE nspname LIKE 't\\_stack\\_events\\_bench\\_events\\_%' ORDER BY oid DESC LIMIT 1`,
    );
    if (!rows[0]) throw new Error("the stack's events schema was not found");
    await db.query(`VACUUM (ANALYZE) "${rows[0].schema}".event`);
  } finally {
    await db.end();
  }
}

async function main(): Promise<void> {
  const stack = await startPlatformStack('bench_events', { services: ['events'], env: { LOG_LEVEL: 'warn' } });
  const client = createClient(eventsV1.EventsServiceClient, stack.grpcUrls['events'] ?? '');
  try {
    const signer = new TokenSigner({
      issuer: 'association-platform',
      userKeys: { secret: STACK_JWT_SECRET },
      serviceKeys: { secret: STACK_SERVICE_JWT_SECRET },
    });
    const org = randomUUID();
    const token = (role: 'ADMIN' | 'MEMBER', sub = randomUUID()) =>
      signer.signAccess({ sub, userType: 'ORGANIZATION', organizationId: org, organizationRole: role, email: `${sub}@example.org`, sid: randomUUID() }).token;
    const admin = token('ADMIN');
    const member = token('MEMBER');

    // 1. The registration race, with and without a waiting list.
    const race = async (waitingListEnabled: boolean): Promise<Race> => {
      const created = await unary(client, client.createEvent, { organizationId: org, event: eventInput({ waitingListEnabled }) }, { token: admin });
      const event = await unary(client, client.publishEvent, { organizationId: org, eventId: created.id }, { token: admin });
      const tokens = Array.from({ length: REGISTRANTS }, () => token('MEMBER'));
      const statuses: Record<string, number> = {};
      const latencies: number[] = [];
      const started = process.hrtime.bigint();
      await Promise.all(
        tokens.map(async (t) => {
          const at = process.hrtime.bigint();
          let outcome: string;
          try {
            const reg = await unary(
              client,
              client.createRegistration,
              { organizationId: org, eventId: event.id, userId: '', ticketType: 'MEMBER', notes: '' },
              { token: t, timeoutMs: 120_000 },
            );
            outcome = reg.status;
          } catch (err) {
            const e = err as ServiceError;
            outcome = e.code === status.ALREADY_EXISTS ? String(e.metadata?.get(ERROR_CODE_KEY)[0] ?? 'ALREADY_EXISTS') : `error ${e.code}: ${e.details}`;
          }
          latencies.push(Number(process.hrtime.bigint() - at) / 1e6);
          statuses[outcome] = (statuses[outcome] ?? 0) + 1;
        }),
      );
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const after = await unary(client, client.getEvent, { organizationId: org, eventId: event.id }, { token: admin });
      const confirmed = await unary(
        client,
        client.listRegistrations,
        { organizationId: org, eventId: event.id, status: 'CONFIRMED', size: 1 },
        { token: admin },
      );
      return {
        seconds,
        latencies: latencies.sort((a, b) => a - b),
        statuses,
        counts: { confirmedCount: after.confirmedCount, waitlistedCount: after.waitlistedCount },
        storedConfirmed: confirmed.totalElements,
      };
    };
    const withList = await race(true);
    const withoutList = await race(false);
    const exactWith =
      withList.statuses['CONFIRMED'] === PLACES &&
      withList.statuses['WAITLISTED'] === REGISTRANTS - PLACES &&
      withList.counts.confirmedCount === PLACES &&
      withList.counts.waitlistedCount === REGISTRANTS - PLACES &&
      withList.storedConfirmed === PLACES;
    const exactWithout =
      withoutList.statuses['CONFIRMED'] === PLACES &&
      withoutList.statuses['EVENT_FULL'] === REGISTRANTS - PLACES &&
      withoutList.counts.confirmedCount === PLACES &&
      withoutList.storedConfirmed === PLACES;

    // 2. The event list over 10,000 events.
    const seedStart = Date.now();
    for (let from = 0; from < EVENTS; from += BATCH) {
      const records = Array.from({ length: BATCH }, (_, k) => seeded(from + k));
      // Service tokens live a minute: a fresh one per call, as the connector does.
      const reply = await unary(client, client.upsertEvents, { organizationId: org, records }, { token: signer.signService('connector'), timeoutMs: 300_000 });
      const failed = reply.results.filter((r) => r.action === 'FAILED');
      if (failed[0]) throw new Error(`seeding failed: ${failed[0].error}`);
    }
    const seedSeconds = (Date.now() - seedStart) / 1000;

    const list = (extra: Partial<eventsV1.ListEventsRequest>, as = member) =>
      unary(client, client.listEvents, { organizationId: org, status: '', category: '', from: '', to: '', search: '', sort: '', ...extra }, { token: as });
    const queries: Array<[string, (i: number) => Promise<unknown>, boolean]> = [
      ['default list: first page, sort startDate (target p95 < 20 ms)', () => list({}), true],
      ['from/to month window', (i) => list({ from: `${2020 + (i % 14)}-0${1 + (i % 9)}-01`, to: `${2020 + (i % 14)}-0${1 + (i % 9)}-28` }), false],
      ['status PUBLISHED + category', (i) => list({ status: 'PUBLISHED', category: pick(CATEGORIES, i) }), false],
      ['title search (one word)', (i) => list({ search: pick(WORDS, i) }), false],
      ['pages 0–49, no filter', (i) => list({ page: i % 50 }), false],
      ['admin, every status incl. drafts, sort title', (i) => list({ sort: 'title,asc', page: i % 10 }, admin), false],
    ];
    for (const [, call] of queries) await timed(100, call); // warm up
    // Right after a bulk import the table's visibility map is not yet set, so the count reads the
    // rows; autovacuum sets it within a minute or two. Measured both ways.
    const [, defaultList] = queries[0] as (typeof queries)[number];
    const beforeVacuum = await timed(SAMPLES, defaultList);
    await vacuumEvents();
    // The queries take turns (one call of each, SAMPLES rounds), so every row sees the same load.
    const results: Array<[string, number[], boolean]> = queries.map(([name, , bold]) => [name, [], bold]);
    for (let i = 0; i < SAMPLES; i++) {
      for (const [q, [, call]] of queries.entries()) {
        const t = process.hrtime.bigint();
        await call(i);
        results[q]?.[1].push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }
    for (const [, s] of results) s.sort((a, b) => a - b);
    const target = results[0]?.[1] ?? [];

    const raceLine = (r: Race) =>
      `${r.seconds.toFixed(2)} s, **${(REGISTRANTS / r.seconds).toFixed(0)} registrations/s**; latency p50 ${ms(percentile(r.latencies, 50))}, ` +
      `**p95 ${ms(percentile(r.latencies, 95))}**, p99 ${ms(percentile(r.latencies, 99))}; answers ${Object.entries(r.statuses)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}; event row ${r.counts.confirmedCount} confirmed / ${r.counts.waitlistedCount} waitlisted, ${r.storedConfirmed} CONFIRMED rows`;
    const [load = 0] = os.loadavg();
    writeSection(
      'events-registrations',
      `## Events: a registration race and the event list at 10,000 events

Machine: ${machineLine()}, load average ${load.toFixed(1)} at the end: the machine was shared with
five other sessions building and testing at the same time, so the figures are pessimistic and vary
from run to run. The built events service over gRPC (no gateway), asking the built identity service
for each registrant's name, with its default pool of 10 connections.

**Registration race**: ${REGISTRANTS.toLocaleString('en')} members register at once (one gRPC call each, all in flight together)
for one PUBLISHED event of ${PLACES} places.

| run | result |
|---|---|
| waiting list enabled | ${raceLine(withList)} — ${exactWith ? '**exact**' : '**NOT exact**'} |
| no waiting list | ${raceLine(withoutList)} — ${exactWithout ? '**exact**' : '**NOT exact**'} |

Every registration locks its event row (\`SELECT … FOR UPDATE\`) from the capacity check to the count
update, so registrations for one event are taken one at a time: the rate above is the ceiling of a
single event (each transaction holds the lock for the locking read, the registration, the counts
and the outbox row; the duplicate check and the survey response come before it), and a process lets
4 of them into the database at a time, the rest waiting in memory. Registrations for different
events run in parallel. The latency is the queue: the last of the 1,000 waits for the 999 before it.

**Event list**: ${EVENTS.toLocaleString('en')} events in one organisation (60 % published, 20 % completed, 10 % cancelled,
10 % drafts; spread over 2020–2034; eight categories) imported in ${seedSeconds.toFixed(0)} s through \`UpsertEvents\`
(500 a call). ${SAMPLES} sequential calls per row as a MEMBER (drafts hidden) unless said, page size 20; after
the vacuum the queries take turns, one call of each per round, so every row sees the same load.

| query | p50 ms | p95 ms | p99 ms |
|---|---|---|---|
${row('default list right after the import, before autovacuum', beforeVacuum)}
${results.map(([name, s, bold]) => row(name, s, bold)).join('\n')}

The rows after the first are measured after a \`VACUUM (ANALYZE)\` of the table, the state autovacuum
brings it to within a minute or two of a bulk import: the count of the live events by status is then
an index-only scan of the partial index (organization_id, status) \`WHERE deleted_at IS NULL\`.

Target p95 < 20 ms: ${percentile(target, 95) < 20 ? 'met' : 'NOT met'} (${ms(percentile(target, 95))}${load > 4 ? ', on a machine with a load average far above its 2 cores' : ''}). The page comes from the index
(organization_id, start_date) in start_date order; each page also counts the matching rows for
\`totalElements\`, which is most of the time of the lists that match many events (a title search
reads the matching rows, as there is no text index on titles). Run: \`npm run bench -- events-registrations\`
(header of \`tools/bench/events-registrations.ts\`).`,
    );
    if (!exactWith || !exactWithout) process.exitCode = 1;
  } finally {
    client.close();
    await stack.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
