import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { ERROR_CODE_KEY } from '@platform/errors';
import { eventLifecycleV1, eventsV1, identityV1, organisationV1 } from '@platform/proto';
import { eventually, failure, fakeGrpcService, grpcError, startServiceHarness, violationsOf } from '@platform/testing';
import { startEvents } from '../src/main';

/** Identity's GetAccount and the organisation's ListAccountMemberships, answered from these maps. */
const people = new Map<string, { email: string; firstName: string; lastName: string }>();
const memberOf = new Map<string, string>();

const startHarness = async () => {
  const identity = await fakeGrpcService(
    identityV1.IdentityServiceService,
    {
      getAccount: (req) => {
        const person = people.get(req.accountId);
        if (!person) throw grpcError(status.NOT_FOUND, 'Account not found');
        return identityV1.Account.fromPartial({ id: req.accountId, status: 'ACTIVE', userType: 'ORGANIZATION', ...person });
      },
    },
    { serviceToken: 'any' },
  );
  const organisation = await fakeGrpcService(
    organisationV1.OrganisationServiceService,
    {
      listAccountMemberships: (req) => ({
        memberships: memberOf.has(req.accountId)
          ? [organisationV1.AccountMembership.fromPartial({ organizationId: memberOf.get(req.accountId), role: 'MEMBER', status: 'ACTIVE' })]
          : [],
      }),
    },
    { serviceToken: 'any' },
  );
  return startServiceHarness({
    app: 'events',
    label: 'capacity',
    start: startEvents,
    client: eventsV1.EventsServiceClient,
    fakes: { identity, organisation },
    env: { EVENTS_COMPLETION_INTERVAL_MS: '200' },
  });
};

/** A paid in-person event with registration and a waiting list, the rest as the proto's defaults. */
const input = (overrides: Partial<eventsV1.EventInput> = {}): eventsV1.EventInput =>
  eventsV1.EventInput.fromPartial({
    title: 'Summer gathering',
    description: 'A day together',
    eventType: 'IN_PERSON',
    category: 'Social',
    startDate: '2030-06-01T10:00:00Z',
    endDate: '2030-06-01T18:00:00Z',
    venueName: 'Park',
    address: { city: 'Ghent', country: 'BE' },
    registrationRequired: true,
    maxAttendees: 50,
    waitingListEnabled: true,
    basePrice: { value: '20' },
    memberPrice: { value: '12.50' },
    currency: 'EUR',
    ...overrides,
  });

describe('the events service on its own schema, NATS and gRPC', () => {
  let h: Awaited<ReturnType<typeof startHarness>>;
  const org = randomUUID();
  let admin: string;

  beforeAll(async () => {
    h = await startHarness();
    admin = h.tokens.org(org, 'ADMIN');
    // Warm the service up (connections, compiled queries) so the races below measure no start-up.
    const warm = await h.call('createEvent', { organizationId: org, event: input() }, admin);
    await h.call('publishEvent', { organizationId: org, eventId: warm.id }, admin);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        h.call('createRegistration', { organizationId: org, eventId: warm.id, userId: '', ticketType: '', notes: '' }, h.tokens.org(org, 'MEMBER')),
      ),
    );
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
    expect(confirmed[0]).toMatchObject({ price: { value: '12.5' }, currency: 'EUR', ticketType: 'MEMBER' });
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
    const data = await h.nextMessage('events.registration.confirmed', () =>
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

  it("announces an administrator's edit that changed something (events.event.updated), never an unchanged one or an import", async () => {
    const created = await h.call('createEvent', { organizationId: org, event: input() }, admin);
    const announced = await h.events('events.event.updated', async () => {
      await h.call('updateEvent', { organizationId: org, eventId: created.id, event: input({ title: 'Summer gathering, moved', venueName: 'Hall' }) }, admin);
      await h.call('updateEvent', { organizationId: org, eventId: created.id, event: input({ title: 'Summer gathering, moved', venueName: 'Hall' }) }, admin);
      await h.call(
        'upsertEvents',
        { organizationId: org, records: [{ externalId: 'wp-edit', event: input(), status: 'DRAFT', needsReview: false, attendingCount: 0 }] },
        h.tokens.service('connector'),
      );
    });
    const events = announced.map((d) => eventLifecycleV1.EventUpdated.decode(d));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      eventId: created.id,
      organizationId: org,
      changedFields: ['title', 'venueName'],
      event: { title: 'Summer gathering, moved', venueName: 'Hall', city: 'Ghent', country: 'BE', startDate: '2030-06-01T10:00:00.000Z' },
    });
    expect(events[0]!.updatedBy).not.toBe('');
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
  const registrationOf = (eventId: string, registrationId: string) => h.call('getRegistration', { organizationId: org, eventId, registrationId }, admin);
  const patchStatus = (eventId: string, registrationId: string, to: string) =>
    h.call('updateRegistrationStatus', { organizationId: org, eventId, registrationId, status: to }, admin);
  const codeOf = async (call: Promise<unknown>) => {
    const err = await failure(call);
    return err ? `${err.code}:${err.metadata.get(ERROR_CODE_KEY)[0] as string}` : 'ok';
  };

  it('serves the waiting list in the order places were asked for; a registration moved back to it waits at the end', async () => {
    const event = await publishedEvent({ maxAttendees: 1 });
    const a = await registerAs(event.id);
    const b = await registerAs(event.id);
    const c = await registerAs(event.id);
    expect([a.status, b.status, c.status]).toEqual(['CONFIRMED', 'WAITLISTED', 'WAITLISTED']);

    // CONFIRMED → WAITLISTED by an administrator: the place goes to b (announced), a waits behind c.
    const promoted = await h.nextMessage('events.registration.confirmed', async () => {
      expect((await patchStatus(event.id, a.id, 'WAITLISTED')).status).toBe('WAITLISTED');
    });
    expect(eventLifecycleV1.RegistrationConfirmed.decode(promoted!).registration?.registrationId).toBe(b.id);
    expect((await registrationOf(event.id, b.id)).status).toBe('CONFIRMED');
    expect(await codeOf(patchStatus(event.id, a.id, 'CONFIRMED'))).toBe(`${status.ALREADY_EXISTS}:EVENT_FULL`);

    await h.call('cancelRegistration', { organizationId: org, eventId: event.id, registrationId: b.id }, admin);
    expect((await registrationOf(event.id, c.id)).status).toBe('CONFIRMED');
    expect((await registrationOf(event.id, a.id)).status).toBe('WAITLISTED');

    // A place freed by any other move goes to a at once.
    expect((await patchStatus(event.id, c.id, 'PENDING')).status).toBe('PENDING');
    expect((await registrationOf(event.id, a.id)).status).toBe('CONFIRMED');

    // Moved to the waiting list with nobody else waiting: it stays there, the place stays free.
    expect((await patchStatus(event.id, a.id, 'WAITLISTED')).status).toBe('WAITLISTED');
    expect(await h.call('getEvent', { organizationId: org, eventId: event.id }, admin)).toMatchObject({ confirmedCount: 0, waitlistedCount: 1 });
    // …until an administrator confirms it (WAITLISTED → CONFIRMED, a place opened).
    expect(await patchStatus(event.id, a.id, 'CONFIRMED')).toMatchObject({ status: 'CONFIRMED', confirmedAt: expect.any(String) });
    expect(await codeOf(patchStatus(event.id, a.id, 'DONE'))).toBe(`${status.INVALID_ARGUMENT}:VALIDATION_FAILED`);
    expect(
      await codeOf(
        h.call(
          'updateRegistrationStatus',
          { organizationId: org, eventId: event.id, registrationId: a.id, status: 'PENDING' },
          h.tokens.org(org, 'MEMBER', a.userId),
        ),
      ),
    ).toMatch(new RegExp(`^${status.PERMISSION_DENIED}:`));
  });

  it('lets an administrator reopen a cancelled registration (any → the given status), unless the member registered again (409)', async () => {
    const event = await publishedEvent({ maxAttendees: 5 });
    const sub = randomUUID();
    const first = await registerAs(event.id, sub);
    await h.call('cancelRegistration', { organizationId: org, eventId: event.id, registrationId: first.id }, h.tokens.org(org, 'MEMBER', sub));
    expect((await registrationOf(event.id, first.id)).cancelledAt).toBeTruthy();
    const reopened = await patchStatus(event.id, first.id, 'CONFIRMED');
    expect(reopened).toMatchObject({ status: 'CONFIRMED', cancelledAt: undefined });
    await patchStatus(event.id, first.id, 'CANCELLED');
    await registerAs(event.id, sub);
    expect(await codeOf(patchStatus(event.id, first.id, 'PENDING'))).toBe(`${status.ALREADY_EXISTS}:CONFLICT`);
    expect(await h.call('getEvent', { organizationId: org, eventId: event.id }, admin)).toMatchObject({ confirmedCount: 1, attendingCount: 1 });
  });

  it('prices a registration by ticket type: MEMBER the member price, STANDARD the early-bird price before its deadline, else the base price', async () => {
    const prices = { basePrice: { value: '40' }, memberPrice: { value: '25.5' }, earlyBirdPrice: { value: '30' }, currency: 'EUR' };
    const early = await publishedEvent({ ...prices, earlyBirdDeadline: '2099-01-01T00:00:00Z' });
    const late = await publishedEvent({ ...prices, earlyBirdDeadline: '2020-01-01T00:00:00Z' });
    const free = await publishedEvent({ isFree: true, basePrice: undefined, memberPrice: undefined, currency: '' });
    const as = (eventId: string, ticketType: string) =>
      h.call('createRegistration', { organizationId: org, eventId, userId: '', ticketType, notes: '' }, h.tokens.org(org, 'MEMBER', randomUUID()));
    expect(await as(early.id, 'STANDARD')).toMatchObject({ price: { value: '30' }, currency: 'EUR', ticketType: 'STANDARD' });
    expect(await as(early.id, 'member')).toMatchObject({ price: { value: '25.5' }, currency: 'EUR', ticketType: 'MEMBER' });
    expect(await as(late.id, 'STANDARD')).toMatchObject({ price: { value: '40' }, currency: 'EUR' });
    expect(await as(late.id, '')).toMatchObject({ price: { value: '25.5' }, ticketType: 'MEMBER' });
    expect(await as(free.id, 'STANDARD')).toMatchObject({ price: { value: '0' } });
    expect(await codeOf(as(late.id, 'VIP'))).toBe(`${status.INVALID_ARGUMENT}:VALIDATION_FAILED`);
    const [stored] = await h.sql<{ price: string }>(`SELECT price::text AS price FROM registration WHERE event_id = $1 AND ticket_type = 'MEMBER'`, [early.id]);
    expect(stored!.price).toBe('25.500');
  });

  it('takes an early-bird price without a deadline: STANDARD registrations get it until the event starts', async () => {
    const event = await publishedEvent({ basePrice: { value: '40' }, earlyBirdPrice: { value: '30' }, earlyBirdDeadline: '', currency: 'EUR' });
    expect(event).toMatchObject({ earlyBirdPrice: { value: '30' }, earlyBirdDeadline: undefined });
    const standard = await h.call(
      'createRegistration',
      { organizationId: org, eventId: event.id, userId: '', ticketType: 'STANDARD', notes: '' },
      h.tokens.org(org, 'MEMBER', randomUUID()),
    );
    expect(standard.price).toEqual({ value: '30' });
  });

  it('stores prices exactly and reads them back as written, within each currency’s minor units', async () => {
    const priced = (currency: string, basePrice: string, memberPrice?: string) =>
      input({ currency, basePrice: { value: basePrice }, memberPrice: memberPrice === undefined ? undefined : { value: memberPrice } });
    const created = await h.call('createEvent', { organizationId: org, event: priced('EUR', '0.10', '1234567890.12') }, admin);
    expect(created).toMatchObject({ basePrice: { value: '0.1' }, memberPrice: { value: '1234567890.12' } });
    const [row] = await h.sql<{ base: string; member: string }>(`SELECT base_price::text AS base, member_price::text AS member FROM event WHERE id = $1`, [
      created.id,
    ]);
    expect(row).toEqual({ base: '0.100', member: '1234567890.120' });

    const updated = await h.call('updateEvent', { organizationId: org, eventId: created.id, event: priced('JPY', '1500') }, admin);
    expect(updated).toMatchObject({ basePrice: { value: '1500' }, memberPrice: undefined, currency: 'JPY' });
    const kuwait = await h.call('updateEvent', { organizationId: org, eventId: created.id, event: priced('KWD', '1.234', '49.9') }, admin);
    expect(kuwait).toMatchObject({ basePrice: { value: '1.234' }, memberPrice: { value: '49.9' } });
    expect(await h.call('getEvent', { organizationId: org, eventId: created.id }, admin)).toMatchObject({ basePrice: { value: '1.234' } });

    const refused = await failure(h.call('updateEvent', { organizationId: org, eventId: created.id, event: priced('EUR', '1.234') }, admin));
    expect(violationsOf(refused)).toEqual([{ field: 'basePrice', message: 'must have at most 2 decimals in EUR' }]);
    expect(await codeOf(h.call('createEvent', { organizationId: org, event: priced('JPY', '1500.5') }, admin))).toBe(
      `${status.INVALID_ARGUMENT}:VALIDATION_FAILED`,
    );
    expect(await codeOf(h.call('createEvent', { organizationId: org, event: priced('EUR', '1e3') }, admin))).toBe(
      `${status.INVALID_ARGUMENT}:VALIDATION_FAILED`,
    );
    // The refused update changed nothing.
    expect(await h.call('getEvent', { organizationId: org, eventId: created.id }, admin)).toMatchObject({ basePrice: { value: '1.234' }, currency: 'KWD' });
  });

  it('lets a manager register another ACTIVE member (emailed under their own name); refuses a non-member, a member registering someone else, and a platform administrator without userId', async () => {
    const event = await publishedEvent();
    const member = randomUUID();
    people.set(member, { email: 'dora@example.org', firstName: 'Dora', lastName: 'Member' });
    memberOf.set(member, org);
    const manager = h.tokens.org(org, 'MANAGER');
    const confirmed = await h.nextMessage('events.registration.confirmed', async () => {
      const reg = await h.call('createRegistration', { organizationId: org, eventId: event.id, userId: member, ticketType: '', notes: 'by phone' }, manager);
      expect(reg).toMatchObject({ userId: member, status: 'CONFIRMED', notes: 'by phone' });
    });
    expect(eventLifecycleV1.RegistrationConfirmed.decode(confirmed!).registration).toMatchObject({
      userId: member,
      email: 'dora@example.org',
      firstName: 'Dora',
    });

    const outsider = randomUUID();
    people.set(outsider, { email: 'out@example.org', firstName: 'Out', lastName: 'Sider' });
    memberOf.set(outsider, randomUUID());
    const register = (userId: string, token: string) =>
      h.call('createRegistration', { organizationId: org, eventId: event.id, userId, ticketType: '', notes: '' }, token);
    expect(await codeOf(register(outsider, manager))).toBe(`${status.INVALID_ARGUMENT}:VALIDATION_FAILED`);
    expect(await codeOf(register(randomUUID(), h.tokens.org(org, 'MEMBER')))).toMatch(new RegExp(`^${status.PERMISSION_DENIED}:`));
    expect(await codeOf(register('', h.tokens.system()))).toBe(`${status.INVALID_ARGUMENT}:VALIDATION_FAILED`);
    const other = randomUUID();
    people.set(other, { email: 'eve@example.org', firstName: 'Eve', lastName: 'Member' });
    memberOf.set(other, org);
    expect(await register(other, h.tokens.system())).toMatchObject({ userId: other, status: 'CONFIRMED' });
    // Another organisation's event is not found, whoever asks.
    const elsewhere = randomUUID();
    expect(
      await codeOf(
        h.call('createRegistration', { organizationId: elsewhere, eventId: event.id, userId: '', ticketType: '', notes: '' }, h.tokens.org(elsewhere, 'ADMIN')),
      ),
    ).toMatch(new RegExp(`^${status.NOT_FOUND}:`));
  });

  it('refuses to delete a published event with live registrations (409) until it is cancelled', async () => {
    const event = await publishedEvent();
    const reg = await registerAs(event.id);
    const del = () => h.call('deleteEvent', { organizationId: org, eventId: event.id }, admin);
    expect(await codeOf(del())).toBe(`${status.ALREADY_EXISTS}:CONFLICT`);
    await h.call('cancelRegistration', { organizationId: org, eventId: event.id, registrationId: reg.id }, admin);
    await del();
    expect(await codeOf(h.call('getEvent', { organizationId: org, eventId: event.id }, admin))).toMatch(new RegExp(`^${status.NOT_FOUND}:`));
    // Its registrations and survey responses go with it.
    expect(await codeOf(registrationOf(event.id, reg.id))).toMatch(new RegExp(`^${status.NOT_FOUND}:`));
    expect(await codeOf(h.call('getSurveyResponse', { organizationId: org, eventId: event.id, responseId: reg.surveyResponseId }, admin))).toMatch(
      new RegExp(`^${status.NOT_FOUND}:`),
    );
    const cancelled = await publishedEvent();
    await registerAs(cancelled.id);
    await h.call('cancelEvent', { organizationId: org, eventId: cancelled.id, reason: 'Rain' }, admin);
    await h.call('deleteEvent', { organizationId: org, eventId: cancelled.id }, admin);
  });

  it('refuses a survey submit for a cancelled registration (409)', async () => {
    const event = await publishedEvent({ surveyQuestions: [{ id: 'q1', text: 'Comments?', type: 'TEXT', options: [], required: false }] });
    const sub = randomUUID();
    const reg = await registerAs(event.id, sub);
    await h.call('cancelRegistration', { organizationId: org, eventId: event.id, registrationId: reg.id }, admin);
    const submit = h.call(
      'submitSurveyResponse',
      { organizationId: org, eventId: event.id, responseId: reg.surveyResponseId, answers: [{ questionId: 'q1', answer: 'x' }] },
      h.tokens.org(org, 'MEMBER', sub),
    );
    expect(await codeOf(submit)).toBe(`${status.ALREADY_EXISTS}:CONFLICT`);
  });

  it('keeps the registrations of a COMPLETED event as they were: no cancel (409), no status change (409), surveys still taken', async () => {
    const surveyQuestions = [{ id: 'q1', text: 'How was it?', type: 'RATING', options: [], required: true }];
    const event = await publishedEvent({ surveyQuestions });
    const sub = randomUUID();
    const reg = await registerAs(event.id, sub);
    await h.call(
      'updateEvent',
      { organizationId: org, eventId: event.id, event: input({ startDate: '2020-03-01T10:00:00Z', endDate: '2020-03-01T12:00:00Z', surveyQuestions }) },
      admin,
    );
    await eventually(async () => expect((await h.call('getEvent', { organizationId: org, eventId: event.id }, admin)).status).toBe('COMPLETED'));
    const mine = h.tokens.org(org, 'MEMBER', sub);
    expect(await codeOf(h.call('cancelRegistration', { organizationId: org, eventId: event.id, registrationId: reg.id }, mine))).toBe(
      `${status.ALREADY_EXISTS}:INVALID_TRANSITION`,
    );
    expect(await codeOf(patchStatus(event.id, reg.id, 'CANCELLED'))).toBe(`${status.ALREADY_EXISTS}:INVALID_TRANSITION`);
    expect(await codeOf(h.call('updateEvent', { organizationId: org, eventId: event.id, event: input() }, admin))).toBe(
      `${status.ALREADY_EXISTS}:INVALID_TRANSITION`,
    );
    const submitted = await h.call(
      'submitSurveyResponse',
      { organizationId: org, eventId: event.id, responseId: reg.surveyResponseId, answers: [{ questionId: 'q1', answer: '4' }] },
      mine,
    );
    expect(submitted.submittedAt).toBeTruthy();
  });

  it('logs and counts the completion job in the service kit metrics', async () => {
    await publishedEvent({ startDate: '2020-02-01T10:00:00Z', endDate: '2020-02-01T12:00:00Z' });
    await eventually(async () => {
      const metrics = await (await fetch(`http://127.0.0.1:${h.service.adminPort}/metrics`)).text();
      expect(metrics).toMatch(/service_job_runs_total\{[^}]*job="complete-ended-events"[^}]*outcome="ok"[^}]*\} [1-9]/);
      expect(metrics).toMatch(/service_job_rows_total\{job="complete-ended-events"[^}]*\} [1-9]/);
    });
  });
});
