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

const input = (overrides: Partial<eventsV1.EventInput> = {}): eventsV1.EventInput => ({
  title: 'Imported gathering',
  description: 'From the site',
  eventType: 'IN_PERSON',
  category: '',
  startDate: '2030-06-01T10:00:00Z',
  endDate: '2030-06-01T18:00:00Z',
  venueName: 'Hall',
  address: { street: '', city: 'Brisbane', province: 'QLD', postalCode: '', country: '' },
  locationTypeNote: '',
  registrationRequired: false,
  maxAttendees: undefined,
  waitingListEnabled: false,
  isFree: true,
  basePrice: undefined,
  memberPrice: undefined,
  earlyBirdPrice: undefined,
  earlyBirdDeadline: '',
  currency: '',
  excerpt: '',
  isAllDay: false,
  isVirtual: false,
  cost: '$25',
  registrationUrl: '',
  featuredImageUrl: '',
  surveyQuestions: [],
  ...overrides,
});

describe("the connector's event import and platform edits (CONFLICT)", () => {
  let h: Awaited<ReturnType<typeof startHarness>>;
  const org = randomUUID();

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.stop());

  const record = (externalId: string, event: Partial<eventsV1.EventInput> = {}, status = 'PUBLISHED') => ({
    externalId,
    event: input(event),
    status,
    needsReview: false,
    attendingCount: 3,
  });
  const upsert = async (...records: ReturnType<typeof record>[]) =>
    (await h.call('upsertEvents', { organizationId: org, records }, h.tokens.service('connector'))).results.map((r) => r.action);

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

  it('treats registrations on the platform as no edit of the imported fields', async () => {
    expect(await upsert(record('e-4'))).toEqual(['CREATE']);
    await h.sql("UPDATE event SET confirmed_count = 5, updated_at = now() WHERE external_id = 'e-4'");
    expect(await upsert(record('e-4', { title: 'Renamed on the site' }))).toEqual(['UPDATE']);
  });
});
