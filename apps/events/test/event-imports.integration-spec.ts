import { randomUUID } from 'node:crypto';
import { eventsV1 } from '@platform/proto';
import { eventually, startServiceHarness } from '@platform/testing';
import { startEvents } from '../src/main';

const startHarness = () =>
  startServiceHarness({
    app: 'events',
    label: 'imports',
    start: startEvents,
    client: eventsV1.EventsServiceClient,
    env: { EVENTS_COMPLETION_INTERVAL_MS: '200' },
  });

/** An event as the connector sends it (free, no registration), the rest as the proto's defaults. */
const input = (overrides: Partial<eventsV1.EventInput> = {}): eventsV1.EventInput =>
  eventsV1.EventInput.fromPartial({
    title: 'Imported gathering',
    description: 'From the site',
    eventType: 'IN_PERSON',
    startDate: '2030-06-01T10:00:00Z',
    endDate: '2030-06-01T18:00:00Z',
    venueName: 'Hall',
    address: { city: 'Brisbane', province: 'QLD' },
    isFree: true,
    cost: '$25',
    ...overrides,
  });

type SourceDates = Pick<eventsV1.UpsertEventRecord, 'sourceCreatedAt' | 'sourceUpdatedAt'>;

describe("the connector's event import and platform edits (CONFLICT)", () => {
  let h: Awaited<ReturnType<typeof startHarness>>;
  const org = randomUUID();

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.stop());

  const record = (externalId: string, event: Partial<eventsV1.EventInput> = {}, status = 'PUBLISHED', dates: SourceDates = {}): eventsV1.UpsertEventRecord => ({
    externalId,
    event: input(event),
    status,
    needsReview: false,
    attendingCount: 3,
    ...dates,
  });
  const upsert = async (...records: eventsV1.UpsertEventRecord[]) =>
    (await h.call('upsertEvents', { organizationId: org, records }, h.tokens.service('connector'))).results.map((r) => r.action);
  const shown = async (externalId: string) => {
    const [row] = await h.sql<{ id: string }>('SELECT id FROM event WHERE external_id = $1', [externalId]);
    const event = await h.call('getEvent', { organizationId: org, eventId: row!.id }, h.tokens.org(org, 'ADMIN'));
    return { id: row!.id, title: event.title, createdAt: event.createdAt, updatedAt: event.updatedAt };
  };

  it('keeps an event an administrator edited: SKIP while the source is unchanged, CONFLICT when the source changed too; others UPDATE', async () => {
    expect(await upsert(record('e-1'), record('e-2'))).toEqual(['CREATE', 'CREATE']);
    const [row] = await h.sql<{ id: string }>("SELECT id FROM event WHERE external_id = 'e-1'");
    await h.call(
      'updateEvent',
      { organizationId: org, eventId: row!.id, event: input({ title: 'Moved to the annex', venueName: 'Annex' }) },
      h.tokens.org(org, 'ADMIN'),
    );

    expect(await upsert(record('e-1'), record('e-2'))).toEqual(['SKIP', 'SKIP']);
    expect(await upsert(record('e-1', { cost: '$30' }), record('e-2', { cost: '$30' }))).toEqual(['CONFLICT', 'UPDATE']);
    const rows = await h.sql<{ external_id: string; title: string; cost: string }>(
      "SELECT external_id, title, cost FROM event WHERE external_id IN ('e-1', 'e-2') ORDER BY external_id",
    );
    expect(rows).toEqual([
      { external_id: 'e-1', title: 'Moved to the annex', cost: '$25' },
      { external_id: 'e-2', title: 'Imported gathering', cost: '$30' },
    ]);
  });

  it('does not take its own completion of an ended event for an edit: a later source change is an UPDATE', async () => {
    const ended = { startDate: '2020-01-01T10:00:00Z', endDate: '2020-01-01T12:00:00Z' };
    expect(await upsert(record('e-3', ended))).toEqual(['CREATE']);
    await eventually(async () => expect((await h.sql<{ status: string }>("SELECT status FROM event WHERE external_id = 'e-3'"))[0]?.status).toBe('COMPLETED'));
    expect(await upsert(record('e-3', { ...ended, cost: '$40' }, 'COMPLETED'))).toEqual(['UPDATE']);
  });

  describe("the source's dates (post_date_gmt, post_modified_gmt)", () => {
    const created = new Date('2024-03-05T06:07:08.000Z');
    const modified = new Date('2025-01-02T03:04:05.000Z');
    const later = new Date('2025-02-03T04:05:06.000Z');

    it("shows a new event's createdAt and updatedAt as the source dates it", async () => {
      expect(await upsert(record('d-1', {}, 'PUBLISHED', { sourceCreatedAt: created, sourceUpdatedAt: modified }))).toEqual(['CREATE']);
      expect(await shown('d-1')).toMatchObject({ createdAt: created.toISOString(), updatedAt: modified.toISOString() });
    });

    it('dates an event the source gives no dates for now, as one created on the platform', async () => {
      const before = Date.now();
      expect(await upsert(record('d-2'))).toEqual(['CREATE']);
      const { createdAt, updatedAt } = await shown('d-2');
      for (const at of [createdAt, updatedAt]) expect(Date.parse(at)).toBeGreaterThanOrEqual(before - 1000);
    });

    it('answers SKIP for a newer modification date alone, keeping the updatedAt (the dates are not compared)', async () => {
      await upsert(record('d-3', {}, 'PUBLISHED', { sourceCreatedAt: created, sourceUpdatedAt: modified }));
      expect(await upsert(record('d-3', {}, 'PUBLISHED', { sourceCreatedAt: created, sourceUpdatedAt: later }))).toEqual(['SKIP']);
      expect(await shown('d-3')).toMatchObject({ createdAt: created.toISOString(), updatedAt: modified.toISOString() });
    });

    it('takes the source updatedAt on UPDATE and keeps the createdAt', async () => {
      await upsert(record('d-4', {}, 'PUBLISHED', { sourceCreatedAt: created, sourceUpdatedAt: modified }));
      const renamed = record('d-4', { title: 'Renamed on the site' }, 'PUBLISHED', { sourceCreatedAt: later, sourceUpdatedAt: later });
      expect(await upsert(renamed)).toEqual(['UPDATE']);
      expect(await shown('d-4')).toMatchObject({ title: 'Renamed on the site', createdAt: created.toISOString(), updatedAt: later.toISOString() });
    });

    it('updates the updatedAt to now on an UPDATE without a source date', async () => {
      await upsert(record('d-5', {}, 'PUBLISHED', { sourceCreatedAt: created, sourceUpdatedAt: modified }));
      const before = Date.now();
      expect(await upsert(record('d-5', { cost: '$99' }))).toEqual(['UPDATE']);
      expect(Date.parse((await shown('d-5')).updatedAt)).toBeGreaterThanOrEqual(before - 1000);
    });

    it('does not take a platform edit for a source change when only the modification date moved (SKIP, the edit kept)', async () => {
      await upsert(record('d-6', {}, 'PUBLISHED', { sourceCreatedAt: created, sourceUpdatedAt: modified }));
      const { id } = await shown('d-6');
      await h.call('updateEvent', { organizationId: org, eventId: id, event: input({ title: 'Edited here' }) }, h.tokens.org(org, 'ADMIN'));
      const edited = await shown('d-6');
      expect(await upsert(record('d-6', {}, 'PUBLISHED', { sourceCreatedAt: created, sourceUpdatedAt: later }))).toEqual(['SKIP']);
      expect(await shown('d-6')).toEqual(edited);
      expect(await upsert(record('d-6', { cost: '$1' }, 'PUBLISHED', { sourceCreatedAt: created, sourceUpdatedAt: later }))).toEqual(['CONFLICT']);
      expect(await shown('d-6')).toEqual(edited);
    });

    it('keeps the updatedAt when an import only records its hash (an event imported before hashes were kept)', async () => {
      await upsert(record('d-7', {}, 'PUBLISHED', { sourceCreatedAt: created, sourceUpdatedAt: modified }));
      await h.sql("UPDATE event SET import_hash = NULL, updated_at = $1 WHERE external_id = 'd-7'", [modified]);
      expect(await upsert(record('d-7', {}, 'PUBLISHED', { sourceCreatedAt: created, sourceUpdatedAt: later }))).toEqual(['SKIP']);
      const [row] = await h.sql<{ import_hash: string | null }>("SELECT import_hash FROM event WHERE external_id = 'd-7'");
      expect(row?.import_hash).not.toBeNull();
      expect((await shown('d-7')).updatedAt).toBe(modified.toISOString());
    });
  });

  it('treats registrations on the platform as no edit of the imported fields', async () => {
    expect(await upsert(record('e-4'))).toEqual(['CREATE']);
    await h.sql("UPDATE event SET confirmed_count = 5, updated_at = now() WHERE external_id = 'e-4'");
    expect(await upsert(record('e-4', { title: 'Renamed on the site' }))).toEqual(['UPDATE']);
  });
});
