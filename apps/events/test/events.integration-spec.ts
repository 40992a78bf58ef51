import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { ERROR_CODE_KEY } from '@platform/errors';
import { eventLifecycleV1, eventsV1 } from '@platform/proto';
import { eventually, failure, startServiceHarness } from '@platform/testing';
import { startEvents } from '../src/main';

const startHarness = () =>
  startServiceHarness({
    app: 'events',
    label: 'capacity',
    start: startEvents,
    client: eventsV1.EventsServiceClient,
    env: { EVENTS_COMPLETION_INTERVAL_MS: '200' },
  });

const input = (overrides: Partial<eventsV1.EventInput> = {}): eventsV1.EventInput => ({
  title: 'Summer gathering',
  description: 'A day together',
  eventType: 'IN_PERSON',
  category: 'Social',
  startDate: '2030-06-01T10:00:00Z',
  endDate: '2030-06-01T18:00:00Z',
  venueName: 'Park',
  address: { street: '', city: 'Ghent', province: '', postalCode: '', country: 'BE' },
  locationTypeNote: '',
  registrationRequired: true,
  maxAttendees: 50,
  waitingListEnabled: true,
  isFree: false,
  basePrice: 20,
  memberPrice: 12.5,
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
});

describe('the events service on its own schema, NATS and gRPC', () => {
  let h: Awaited<ReturnType<typeof startHarness>>;
  const org = randomUUID();
  let admin: string;

  beforeAll(async () => {
    h = await startHarness();
    admin = h.tokens.org(org, 'ADMIN');
  });
  afterAll(async () => h?.stop());

  const publishedEvent = async (overrides: Partial<eventsV1.EventInput> = {}) => {
    const created = await h.call('createEvent', { organizationId: org, event: input(overrides) }, admin);
    return h.call('publishEvent', { organizationId: org, eventId: created.id }, admin);
  };
  const registerAs = (eventId: string, sub = randomUUID()) =>
    h.call('createRegistration', { organizationId: org, eventId, userId: '', ticketType: 'MEMBER', notes: '' }, h.tokens.org(org, 'MEMBER', sub));

  it('gives exactly 50 of 200 simultaneous registrations a place and puts 150 on the waiting list', async () => {
    const event = await publishedEvent();
    const results = await Promise.all(Array.from({ length: 200 }, () => registerAs(event.id)));
    const confirmed = results.filter((r) => r.status === 'CONFIRMED');
    expect(confirmed).toHaveLength(50);
    expect(confirmed.every((r) => r.confirmedAt)).toBe(true);
    expect(results.filter((r) => r.status === 'WAITLISTED')).toHaveLength(150);
    expect(confirmed[0]).toMatchObject({ price: 12.5, currency: 'EUR', ticketType: 'MEMBER' });
    const [counts] = await h.sql<{ confirmed: string; waitlisted: string }>(
      `SELECT count(*) FILTER (WHERE status = 'CONFIRMED') AS confirmed, count(*) FILTER (WHERE status = 'WAITLISTED') AS waitlisted FROM registration WHERE event_id = $1`,
      [event.id],
    );
    expect(counts).toEqual({ confirmed: '50', waitlisted: '150' });
    expect(await h.call('getEvent', { organizationId: org, eventId: event.id }, admin)).toMatchObject({ confirmedCount: 50, waitlistedCount: 150 });
  });

  it('answers 150 of 200 simultaneous registrations EVENT_FULL when the event has no waiting list', async () => {
    const event = await publishedEvent({ waitingListEnabled: false });
    const outcomes = await Promise.all(Array.from({ length: 200 }, () => failure(registerAs(event.id))));
    const refused = outcomes.filter((e) => e !== undefined);
    expect(outcomes.filter((e) => e === undefined)).toHaveLength(50);
    expect(refused).toHaveLength(150);
    expect(refused.every((e) => e!.code === status.ALREADY_EXISTS && e!.metadata.get(ERROR_CODE_KEY)[0] === 'EVENT_FULL')).toBe(true);
  });

  it('promotes the longest-waiting registration at once when a confirmed one is cancelled, announcing it', async () => {
    const event = await publishedEvent({ maxAttendees: 1 });
    const first = await registerAs(event.id);
    const second = await registerAs(event.id);
    const third = await registerAs(event.id);
    expect([first.status, second.status, third.status]).toEqual(['CONFIRMED', 'WAITLISTED', 'WAITLISTED']);
    const data = await h.nextEvent('events.registration.confirmed', () =>
      h.call('cancelRegistration', { organizationId: org, eventId: event.id, registrationId: first.id }, admin),
    );
    const promoted = eventLifecycleV1.RegistrationConfirmed.decode(data!);
    expect(promoted).toMatchObject({
      promoted: true,
      registration: { registrationId: second.id, eventTitle: 'Summer gathering', eventLocation: 'Park, Ghent' },
    });
    const after = await h.call('getRegistration', { organizationId: org, eventId: event.id, registrationId: second.id }, admin);
    expect(after.status).toBe('CONFIRMED');
    expect(after.confirmedAt).toBeTruthy();
  });

  it('refuses a second live registration of the same user (409)', async () => {
    const event = await publishedEvent();
    const sub = randomUUID();
    await registerAs(event.id, sub);
    expect((await failure(registerAs(event.id, sub)))?.code).toBe(status.ALREADY_EXISTS);
  });

  it('cancels every live registration with the event, announcing each with the reason', async () => {
    const event = await publishedEvent({ maxAttendees: 1 });
    await registerAs(event.id);
    await registerAs(event.id);
    const announced = await h.events('events.registration.cancelled', () =>
      h.call('cancelEvent', { organizationId: org, eventId: event.id, reason: 'Storm warning' }, admin),
    );
    expect(announced.map((d) => eventLifecycleV1.RegistrationCancelled.decode(d))).toEqual([
      expect.objectContaining({ eventCancelled: true, reason: 'Storm warning' }),
      expect.objectContaining({ eventCancelled: true, reason: 'Storm warning' }),
    ]);
    const [left] = await h.sql<{ n: string }>(`SELECT count(*) AS n FROM registration WHERE event_id = $1 AND status <> 'CANCELLED'`, [event.id]);
    expect(left!.n).toBe('0');
  });

  it('moves a published event whose end has passed to COMPLETED (the job)', async () => {
    const event = await publishedEvent({ startDate: '2020-01-01T10:00:00Z', endDate: '2020-01-01T12:00:00Z' });
    await eventually(async () => expect((await h.call('getEvent', { organizationId: org, eventId: event.id }, admin)).status).toBe('COMPLETED'));
  });

  it('upserts imported events by externalId: CREATE, then SKIP, then UPDATE, announcing nothing', async () => {
    const record = (title: string) => ({ externalId: 'wp-42', event: input({ title }), status: 'PUBLISHED', needsReview: false, attendingCount: 7 });
    const service = h.tokens.service('connector');
    const published = await h.events('events.event.published', async () => {
      const first = await h.call('upsertEvents', { organizationId: org, records: [record('Imported')] }, service);
      const again = await h.call('upsertEvents', { organizationId: org, records: [record('Imported')] }, service);
      const changed = await h.call(
        'upsertEvents',
        { organizationId: org, records: [record('Imported, renamed'), { ...record('x'), externalId: '' }] },
        service,
      );
      expect([first.results[0]!.action, again.results[0]!.action, changed.results[0]!.action, changed.results[1]!.action]).toEqual([
        'CREATE',
        'SKIP',
        'UPDATE',
        'FAILED',
      ]);
    });
    expect(published).toEqual([]);
    expect((await failure(h.call('upsertEvents', { organizationId: org, records: [record('x')] }, admin)))?.code).toBe(status.PERMISSION_DENIED);
  });
});
