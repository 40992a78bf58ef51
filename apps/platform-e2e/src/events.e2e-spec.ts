import { mailTo } from './mail';
import { ADMIN, holdsSoon, http, startPlatform, type JsonResponse, type Platform } from './platform';

const UNKNOWN_UUID = '0b7c2f1e-58a4-4d3b-9c6e-2f0a1b3c4d5e';

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Spring meeting',
  description: '<p>All members welcome</p>',
  eventType: 'IN_PERSON',
  category: 'Meetings',
  startDate: '2030-04-01T18:00:00Z',
  endDate: '2030-04-01T20:00:00Z',
  venueName: 'Town Hall',
  address: { street: '1 Main St', city: 'Ghent', province: 'OVL', postalCode: '9000', country: 'BE' },
  registrationRequired: true,
  maxAttendees: 2,
  waitingListEnabled: true,
  isFree: false,
  basePrice: 20,
  memberPrice: 12.5,
  currency: 'EUR',
  ...overrides,
});

/** Waits until `count` messages to the address have exactly this subject (mailTo reads only the newest). */
async function mailsWithSubject(mailUrl: string, address: string, subject: string, count: number): Promise<number> {
  let found = 0;
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 150))) {
    const list = (await (await fetch(`${mailUrl}/api/v1/messages`)).json()) as { messages: Array<{ Subject: string; To: Array<{ Address: string }> }> };
    found = list.messages.filter((m) => m.Subject === subject && m.To.some((t) => t.Address.toLowerCase() === address)).length;
    if (found >= count) break;
  }
  return found;
}

/** A 4xx problem+json naming what was wrong. */
function expectProblem(res: JsonResponse, status: number, text: RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  const all = [
    res.body.code,
    res.body.detail,
    ...((res.body.errors ?? []) as Array<{ field: string; message: string }>).map((e) => `${e.field} ${e.message}`),
  ].join(' | ');
  expect(all).toMatch(text);
}

describe('events through the gateway, on the real organisation and notifications services', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;
  let mail: string;
  let admin: string;
  let alphaId: string;
  let betaId: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const register = (email: string, firstName: string) =>
    api.post('/api/auth/org/register', { email, password: 'member password', firstName, lastName: 'Person' });
  const login = async (email: string, organizationId: string) => {
    const res = await api.post('/api/auth/org/login', { email, password: 'member password', organizationId });
    expect(res.status).toBe(200);
    return res.body.accessToken as string;
  };
  const createOrg = async (slug: string, ownerKey: string) => {
    const email = `${ownerKey}@events.example`;
    await register(email, ownerKey);
    const res = await api.post(
      '/api/admin/orgs/create-with-owner',
      { orgName: `Org ${slug}`, orgSlug: slug, ownerEmail: email, ownerFirstName: ownerKey, ownerLastName: 'Owner', sendWelcomeEmail: false },
      admin,
    );
    expect(res.status).toBe(201);
    const orgId = res.body.organization.id as string;
    tokens[ownerKey] = await login(email, orgId);
    return orgId;
  };
  const addMember = async (key: string, orgId: string, role: string) => {
    const roles = (await api.get(`/api/orgs/${orgId}/roles`, admin)).body as Array<{ name: string; roleId: string }>;
    const email = `${key}@events.example`;
    await register(email, key);
    const added = await api.post(
      `/api/orgs/${orgId}/users`,
      { email, firstName: key, lastName: 'Person', roleId: roles.find((r) => r.name === role)!.roleId, sendInvitationEmail: false },
      admin,
    );
    expect(added.status).toBe(201);
    ids[key] = added.body.id;
    tokens[key] = await login(email, orgId);
  };
  const events = (orgId = alphaId) => `/api/orgs/${orgId}/events`;
  const create = async (body: Record<string, unknown>, token = tokens['owner']!) => {
    const res = await api.post(events(), body, token);
    expect(res.status).toBe(201);
    return res.body as { id: string; status: string };
  };
  const publish = (id: string, token = tokens['owner']!) => api.post(`${events()}/${id}/publish`, undefined, token);
  const registerFor = (eventId: string, token: string, body: Record<string, unknown> = {}) => api.post(`${events()}/${eventId}/registrations`, body, token);
  const del = (path: string, token: string) => api.call('DELETE', path, { token });

  beforeAll(async () => {
    platform = await startPlatform('events-lifecycle', { services: ['events'], organisation: 'real', notifications: true });
    api = http(platform.baseUrl);
    mail = platform.mailUrl!;
    admin = (await api.post('/api/auth/system/login', ADMIN)).body.accessToken;
    alphaId = await createOrg('ev-alpha', 'owner');
    betaId = await createOrg('ev-beta', 'betaowner');
    await addMember('manager', alphaId, 'MANAGER');
    await addMember('ann', alphaId, 'MEMBER');
    await addMember('bob', alphaId, 'MEMBER');
    await addMember('cat', alphaId, 'MEMBER');
    await addMember('guest', alphaId, 'GUEST');
  }, 120_000);
  afterAll(async () => platform?.stop());

  it('creates an event with every field (201, Location), prices exact with their currency, as a DRAFT', async () => {
    const res = await api.post(
      events(),
      eventBody({ excerpt: 'Short', isAllDay: false, cost: '20€', registrationUrl: 'https://x.example/r' }),
      tokens['manager'],
    );
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`${events()}/${res.body.id}`);
    expect(res.body).toMatchObject({
      status: 'DRAFT',
      eventType: 'IN_PERSON',
      address: { city: 'Ghent', postalCode: '9000' },
      basePrice: 20,
      memberPrice: 12.5,
      earlyBirdPrice: null,
      currency: 'EUR',
      maxAttendees: 2,
      cost: '20€',
      attendingCount: 0,
      needsReview: false,
      externalId: null,
    });
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    expectProblem(await api.post(events(), eventBody({ endDate: '2030-04-01T17:00:00Z' }), tokens['owner']), 400, /endDate must be after startDate/);
    expectProblem(await api.post(events(), eventBody({ basePrice: -5 }), tokens['owner']), 400, /basePrice/);
    expectProblem(await api.post(events(), eventBody({ maxAttendees: 0 }), tokens['owner']), 400, /maxAttendees must be at least 1/);
    expectProblem(await api.post(events(), eventBody({ eventType: 'PARTY' }), tokens['owner']), 400, /eventType/);
    expectProblem(await api.post(events(), eventBody({ currency: 'EURO' }), tokens['owner']), 400, /currency/);
    expectProblem(await api.get(`${events()}?from=soon`, tokens['owner']), 400, /from/);
    const list = await api.get(`${events()}?search=Nothing+like+this`, tokens['owner']);
    expect(list.body.totalElements).toBe(0);
  });

  it('keeps drafts from members and guests; admins and managers see them; members may not create (403)', async () => {
    const draft = await create(eventBody({ title: 'Hidden draft' }));
    expect((await api.get(`${events()}/${draft.id}`, tokens['ann'])).status).toBe(404);
    expect((await api.get(`${events()}/${draft.id}`, tokens['manager'])).status).toBe(200);
    const asMember = await api.get(`${events()}?search=hidden`, tokens['ann']);
    expect(asMember.body.totalElements).toBe(0);
    const asManager = await api.get(`${events()}?search=hidden&status=DRAFT`, tokens['manager']);
    expect(asManager.body.content.map((e: { id: string }) => e.id)).toEqual([draft.id]);
    expectProblem(await api.post(events(), eventBody(), tokens['ann']), 403, /ORG:EVENT:CREATE/);
    expectProblem(await del(`${events()}/${draft.id}`, tokens['manager']), 403, /administrator/);
  });

  it('refuses another organisation: its scope (403) and its event ids (404 as for missing ones)', async () => {
    const event = await create(eventBody({ title: 'Alpha only' }));
    expectProblem(await api.get(`${events()}/${event.id}`, tokens['betaowner']), 403, /organisation/);
    expectProblem(await api.get(`${events(betaId)}/${event.id}`, tokens['betaowner']), 404, /Event not found/);
    expectProblem(await api.get(`${events(betaId)}/${UNKNOWN_UUID}`, tokens['betaowner']), 404, /Event not found/);
    expectProblem(await publish(event.id, tokens['betaowner']), 403, /organisation/);
  });

  it('publishes a draft (members get an inbox entry with data.type EVENT) and refuses moves the state table lacks (409)', async () => {
    const event = await create(eventBody({ title: 'Published for all' }));
    const res = await publish(event.id, tokens['manager']);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('PUBLISHED');
    expectProblem(await publish(event.id), 409, /INVALID_TRANSITION/);
    const inboxHas = async () => {
      const inbox = await api.get('/api/notifications', tokens['bob']);
      return (inbox.body.content as Array<{ data: Record<string, unknown> }>).some((n) => n.data['type'] === 'EVENT' && n.data['eventId'] === event.id);
    };
    expect(await holdsSoon(inboxHas, 100)).toBe(true);
    const list = await api.get(`${events()}?status=PUBLISHED&sort=startDate,asc`, tokens['ann']);
    expect(list.body.content.some((e: { id: string }) => e.id === event.id)).toBe(true);
  });

  it('fills places exactly under simultaneous registrations, waitlists the rest, and promotes at once on a cancel (emailed)', async () => {
    const event = await create(eventBody({ title: 'Small workshop', maxAttendees: 2 }));
    expectProblem(await registerFor(event.id, tokens['ann']!), 404, /Event not found/);
    await publish(event.id);
    const regs = await Promise.all(['ann', 'bob', 'cat', 'manager'].map((k) => registerFor(event.id, tokens[k]!, { ticketType: 'MEMBER' })));
    expect(regs.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const confirmed = regs.filter((r) => r.body.status === 'CONFIRMED');
    const waiting = regs.filter((r) => r.body.status === 'WAITLISTED');
    expect(confirmed).toHaveLength(2);
    expect(waiting).toHaveLength(2);
    expect(confirmed.every((r) => r.body.confirmedAt && r.body.price === 12.5 && r.body.currency === 'EUR')).toBe(true);
    const keys = ['ann', 'bob', 'cat', 'manager'];
    const keyOf = (registrationId: string) => keys[regs.findIndex((r) => r.body.id === registrationId)]!;
    for (const r of confirmed) {
      const email = await mailTo(mail, `${keyOf(r.body.id)}@events.example`, 'Small workshop', 20_000);
      expect(email.html).toContain('Your registration is confirmed');
    }
    expectProblem(await registerFor(event.id, tokens['ann']!), 409, /already/);
    expectProblem(await registerFor(event.id, tokens['guest']!), 403, /ORG:EVENT:REGISTER/);

    // An administrator cannot confirm beyond capacity.
    const firstWaiting = waiting.sort((a, b) => String(a.body.createdAt).localeCompare(String(b.body.createdAt)))[0]!.body;
    const patch = await api.call('PATCH', `${events()}/${event.id}/registrations/${firstWaiting.id}/status`, {
      body: { status: 'CONFIRMED' },
      token: tokens['owner'],
    });
    expectProblem(patch, 409, /EVENT_FULL/);

    // A member cannot cancel another's registration (404), but their own (204): the longest-waiting moves up.
    const mine = confirmed[0]!.body;
    const owner = ['ann', 'bob', 'cat', 'manager'].find((k) => regs[['ann', 'bob', 'cat', 'manager'].indexOf(k)]!.body.id === mine.id)!;
    const other = ['ann', 'bob', 'cat'].find((k) => k !== owner)!;
    if (owner !== 'manager') expect((await del(`${events()}/${event.id}/registrations/${mine.id}`, tokens[other]!)).status).toBe(404);
    expect((await del(`${events()}/${event.id}/registrations/${mine.id}`, tokens[owner]!)).status).toBe(204);
    const promoted = await api.get(`${events()}/${event.id}/registrations/${firstWaiting.id}`, tokens['owner']);
    expect(promoted.body).toMatchObject({ status: 'CONFIRMED', confirmedAt: expect.any(String) });
    const promotedUser = ['ann', 'bob', 'cat', 'manager'].find(
      (k) => ids[k] === firstWaiting.userId || regs[['ann', 'bob', 'cat', 'manager'].indexOf(k)]!.body.id === firstWaiting.id,
    )!;
    const confirmation = await mailTo(mail, `${promotedUser}@events.example`, 'Small workshop', 20_000);
    expect(confirmation.subject).toContain('Small workshop');

    const list = await api.get(`${events()}/${event.id}/registrations?status=CONFIRMED`, tokens['manager']);
    expect(list.body.totalElements).toBe(2);
    expectProblem(await api.get(`${events()}/${event.id}/registrations`, tokens['ann']), 403, /ORG:REGISTRATION:MANAGE/);
  });

  it('cancels an event with a reason: every registration CANCELLED and each registrant emailed the reason', async () => {
    const event = await create(eventBody({ title: 'Boat trip', maxAttendees: 10 }));
    await publish(event.id);
    expect((await registerFor(event.id, tokens['bob']!)).status).toBe(201);
    expect((await registerFor(event.id, tokens['owner']!, { userId: ids['cat'] })).status).toBe(201);
    expectProblem(await registerFor(event.id, tokens['ann']!, { userId: ids['bob'] }), 403, /another member/);
    expectProblem(await api.post(`${events()}/${event.id}/cancel`, {}, tokens['owner']), 400, /reason/);
    const res = await api.post(`${events()}/${event.id}/cancel`, { reason: 'The river is flooded' }, tokens['owner']);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'CANCELLED', cancellationReason: 'The river is flooded' });
    for (const who of ['bob', 'cat']) {
      const message = await mailTo(mail, `${who}@events.example`, 'Cancelled: Boat trip', 20_000);
      expect(message.text + message.html).toContain('The river is flooded');
    }
    const regs = await api.get(`${events()}/${event.id}/registrations`, tokens['owner']);
    expect(regs.body.content.every((r: { status: string }) => r.status === 'CANCELLED')).toBe(true);
    expectProblem(await publish(event.id), 409, /INVALID_TRANSITION/);
    expectProblem(await registerFor(event.id, tokens['ann']!), 409, /not open/);
  });

  it('follows the registration state table on PATCH status: confirm only into a free place (409), a freed place goes to the waiting list at once (emailed)', async () => {
    const event = await create(eventBody({ title: 'Table talk', maxAttendees: 1 }));
    await publish(event.id);
    const ann = (await registerFor(event.id, tokens['ann']!)).body;
    const bob = (await registerFor(event.id, tokens['bob']!)).body;
    expect([ann.status, bob.status]).toEqual(['CONFIRMED', 'WAITLISTED']);
    const patch = (id: string, status: string, token = tokens['owner']) =>
      api.call('PATCH', `${events()}/${event.id}/registrations/${id}/status`, { body: { status }, token });
    const statusOf = async (id: string) => (await api.get(`${events()}/${event.id}/registrations/${id}`, tokens['owner'])).body.status;

    expectProblem(await patch(bob.id, 'CONFIRMED'), 409, /EVENT_FULL/);
    expectProblem(await patch(bob.id, 'CONFIRMED', tokens['ann']), 403, /ORG:REGISTRATION:MANAGE/);
    expectProblem(await patch(bob.id, 'ATTENDED'), 400, /status must be one of PENDING, CONFIRMED, WAITLISTED, CANCELLED/);
    // A member reads their own registration only; another's is not found.
    expectProblem(await api.get(`${events()}/${event.id}/registrations/${bob.id}`, tokens['ann']), 404, /Registration not found/);
    expect((await api.get(`${events()}/${event.id}/registrations/${bob.id}`, tokens['bob'])).status).toBe(200);

    // CONFIRMED → PENDING frees the place: bob is promoted at once and emailed.
    expect((await patch(ann.id, 'PENDING')).body.status).toBe('PENDING');
    expect(await statusOf(bob.id)).toBe('CONFIRMED');
    expect((await mailTo(mail, 'bob@events.example', 'Table talk', 20_000)).html).toContain('Your registration is confirmed');
    expectProblem(await patch(ann.id, 'CONFIRMED'), 409, /EVENT_FULL/);
    // CONFIRMED → CANCELLED by an administrator frees it again; a cancelled registration may be reopened.
    expect((await patch(ann.id, 'CANCELLED')).body.status).toBe('CANCELLED');
    expect((await patch(ann.id, 'WAITLISTED')).body.status).toBe('WAITLISTED');
    expect((await patch(bob.id, 'CANCELLED')).body.status).toBe('CANCELLED');
    expect(await statusOf(ann.id)).toBe('CONFIRMED');
    // ann's second confirmation (the first came with her registration).
    expect(await mailsWithSubject(mail, 'ann@events.example', 'Table talk', 2)).toBe(2);
    const event2 = (await api.get(`${events()}/${event.id}`, tokens['ann'])).body;
    expect(event2).toMatchObject({ confirmedCount: 1, waitlistedCount: 0, attendingCount: 1 });

    // Members may not publish, cancel or delete; a published event with live registrations is cancelled before it is deleted.
    expectProblem(await api.post(`${events()}/${event.id}/cancel`, { reason: 'x' }, tokens['ann']), 403, /ORG:EVENT:PUBLISH/);
    expectProblem(await del(`${events()}/${event.id}`, tokens['owner']!), 409, /cancel it first/);
    expect((await api.post(`${events()}/${event.id}/cancel`, { reason: 'Room unavailable' }, tokens['owner'])).status).toBe(200);
    expect((await mailTo(mail, 'ann@events.example', 'Cancelled: Table talk', 20_000)).html).toContain('Room unavailable');
    expect((await del(`${events()}/${event.id}`, tokens['owner']!)).status).toBe(204);
    expectProblem(await api.get(`${events()}/${event.id}`, tokens['owner']), 404, /Event not found/);
  });

  it('prices by ticket type with the early-bird deadline, and refuses registrations across organisations', async () => {
    const event = await create(
      eventBody({ title: 'Early birds', maxAttendees: 10, basePrice: 40, memberPrice: 25, earlyBirdPrice: 30, earlyBirdDeadline: '2099-01-01T00:00:00Z' }),
    );
    const late = await create(
      eventBody({ title: 'Late birds', maxAttendees: 10, basePrice: 40, earlyBirdPrice: 30, earlyBirdDeadline: '2020-01-01T00:00:00Z' }),
    );
    await publish(event.id);
    await publish(late.id);
    expect((await registerFor(event.id, tokens['cat']!, { ticketType: 'STANDARD' })).body).toMatchObject({
      price: 30,
      currency: 'EUR',
      ticketType: 'STANDARD',
    });
    expect((await registerFor(event.id, tokens['bob']!, { ticketType: 'MEMBER' })).body).toMatchObject({ price: 25, ticketType: 'MEMBER' });
    expect((await registerFor(late.id, tokens['cat']!, { ticketType: 'STANDARD' })).body).toMatchObject({ price: 40 });
    expectProblem(await registerFor(late.id, tokens['bob']!, { ticketType: 'VIP' }), 400, /ticketType must be one of MEMBER, STANDARD/);
    expectProblem(await registerFor(late.id, tokens['bob']!, { userId: 'not-a-uuid' }), 400, /userId/);

    // Another organisation: its token is refused on this organisation (403), and this event is not found under its own (404).
    expectProblem(await registerFor(event.id, tokens['betaowner']!), 403, /organisation/);
    expectProblem(await api.post(`${events(betaId)}/${event.id}/registrations`, {}, tokens['betaowner']), 404, /Event not found/);
    expectProblem(await api.get(`${events(betaId)}/${event.id}/registrations`, tokens['betaowner']), 404, /Event not found/);
    // An administrator registers members of their own organisation only.
    const betaOwnerId = (await api.get('/api/auth/me', tokens['betaowner'])).body.id as string;
    expectProblem(await registerFor(event.id, tokens['owner']!, { userId: betaOwnerId }), 400, /userId is not an active member/);
    const forAnn = await registerFor(event.id, tokens['manager']!, { userId: ids['ann'], notes: 'booked at the desk' });
    expect(forAnn.status).toBe(201);
    expect(forAnn.body).toMatchObject({ userId: ids['ann'], status: 'CONFIRMED', price: 25 });
    expect((await mailTo(mail, 'ann@events.example', 'Early birds', 20_000)).html).toContain('Your registration is confirmed');
  });

  it('takes a survey response once, checked against the questions; administrators read them', async () => {
    const event = await create(
      eventBody({
        title: 'Dinner',
        maxAttendees: 5,
        surveyQuestions: [
          { text: 'Your meal?', type: 'CHOICE', options: ['Fish', 'Veggie'], required: true },
          { text: 'Looking forward?', type: 'RATING', options: [], required: false },
        ],
      }),
    );
    const [meal, rating] = (event as unknown as { surveyQuestions: Array<{ id: string }> }).surveyQuestions.map((q) => q.id);
    expect(meal).toMatch(/^[0-9a-f-]{36}$/);
    await publish(event.id);
    const reg = (await registerFor(event.id, tokens['ann']!)).body;
    const submit = (answers: unknown, token = tokens['ann']) =>
      api.post(`${events()}/${event.id}/responses/${reg.surveyResponseId}/submit`, { answers }, token);
    expectProblem(await submit([{ questionId: meal, answer: 'Steak' }]), 400, /answers\[0\]\.answer must be one of Fish, Veggie/);
    expectProblem(await submit([{ questionId: rating, answer: '4' }]), 400, new RegExp(`question ${meal} is required`));
    expectProblem(
      await submit([
        { questionId: rating, answer: '9' },
        { questionId: meal, answer: 'Fish' },
      ]),
      400,
      /rating from 1 to 5/,
    );
    expectProblem(await submit([{ questionId: meal, answer: 'Fish' }], tokens['bob']), 404, /not found/);
    const ok = await submit([
      { questionId: meal, answer: 'Veggie' },
      { questionId: rating, answer: '5' },
    ]);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ registrationId: reg.id, submittedAt: expect.any(String) });
    expectProblem(await submit([{ questionId: meal, answer: 'Fish' }]), 409, /already submitted/);
    const list = await api.get(`${events()}/${event.id}/responses`, tokens['owner']);
    expect(list.body.content).toEqual([
      expect.objectContaining({
        id: reg.surveyResponseId,
        answers: [
          { questionId: meal, answer: 'Veggie' },
          { questionId: rating, answer: '5' },
        ],
      }),
    ]);
    expect((await api.get(`${events()}/${event.id}/responses/${reg.surveyResponseId}`, tokens['owner'])).status).toBe(200);
    expectProblem(await api.get(`${events()}/${event.id}/responses`, tokens['ann']), 403, /ORG:REGISTRATION:MANAGE/);
  });

  it('serves RFC 5545 calendars: the organisation feed (no drafts, cancelled marked) and one event, times in UTC', async () => {
    const event = await create(eventBody({ title: 'Calendar night', startDate: '2030-05-01T19:00:00+02:00', endDate: '2030-05-01T21:00:00+02:00' }));
    const draft = await create(eventBody({ title: 'Calendar draft' }));
    await publish(event.id);
    const feed = await fetch(`${platform.baseUrl}/api/public/orgs/ev-alpha/events.ics`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    const ics = await feed.text();
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('SUMMARY:Calendar night');
    expect(ics).toContain('DTSTART:20300501T170000Z');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).not.toContain('Calendar draft');
    const one = await fetch(`${platform.baseUrl}/api/public/orgs/ev-alpha/events/${event.id}.ics`);
    expect(one.status).toBe(200);
    expect((await one.text()).match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect((await fetch(`${platform.baseUrl}/api/public/orgs/ev-alpha/events/${draft.id}.ics`)).status).toBe(404);
    expect((await fetch(`${platform.baseUrl}/api/public/orgs/no-such-org/events.ics`)).status).toBe(404);
  });

  it('imports a CSV upload: good rows become drafts, every bad row is reported, formulas are never interpreted', async () => {
    const csv = [
      'title,eventType,startDate,endDate,city,maxAttendees,basePrice,currency',
      '"Imported, first",IN_PERSON,2030-09-01T10:00:00Z,2030-09-01T12:00:00Z,Ghent,30,15.00,EUR',
      'Backwards,IN_PERSON,2030-09-01T10:00:00Z,2030-09-01T09:00:00Z,,,,',
      '=cmd,VIRTUAL,2030-09-02T10:00:00Z,2030-09-02T12:00:00Z,,=1+1,,',
      '"=HYPERLINK(""x"")",VIRTUAL,2030-09-03T10:00:00Z,2030-09-03T12:00:00Z,,,,',
    ].join('\r\n');
    const upload = (text: string, token = tokens['owner']!) => {
      const form = new FormData();
      form.append('file', new Blob([text], { type: 'text/csv' }), 'events.csv');
      return fetch(`${platform.baseUrl}${events()}/import`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    };
    const res = await upload(csv);
    expect(res.status).toBe(200);
    const report = (await res.json()) as {
      totalRows: number;
      imported: number;
      events: Array<{ title: string; status: string }>;
      rejected: Array<{ row: number; errors: Array<{ field: string }> }>;
    };
    expect(report).toMatchObject({ totalRows: 4, imported: 2 });
    expect(report.events.map((e) => [e.title, e.status])).toEqual([
      ['Imported, first', 'DRAFT'],
      ['=HYPERLINK("x")', 'DRAFT'],
    ]);
    expect(report.rejected).toEqual([
      { row: 3, errors: [{ field: 'endDate', message: 'must be after startDate' }] },
      { row: 4, errors: [{ field: 'maxAttendees', message: 'starts with =, +, -, @ and is not interpreted' }] },
    ]);
    const bad = await upload('colour,title\nred,x\n');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('unknown column');
    // Limits: at most 5,000 rows (the whole file refused, nothing imported) and 5 MiB.
    const row = 'Many,VIRTUAL,2031-01-01T10:00:00Z,2031-01-01T11:00:00Z,,,,';
    const tooMany = await upload(['title,eventType,startDate,endDate,city,maxAttendees,basePrice,currency', ...Array<string>(5001).fill(row)].join('\n'));
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(await tooMany.json())).toContain('must have at most 5000 rows');
    expect((await api.get(`${events()}?search=Many&status=DRAFT`, tokens['owner'])).body.totalElements).toBe(0);
    const bigRow = `Big,${'d'.repeat(1300)},VIRTUAL,2031-01-01T10:00:00Z,2031-01-01T11:00:00Z`;
    const tooBig = await upload(['title,description,eventType,startDate,endDate', ...Array<string>(4200).fill(bigRow)].join('\n'));
    expect(tooBig.status).toBe(413);
    // Imported drafts announce nothing: no member inbox entry names them.
    const inbox = await api.get('/api/notifications', tokens['bob']);
    const announced = (inbox.body.content as Array<{ data: Record<string, unknown> }>).map((n) => n.data['eventId']);
    expect(report.events.some((e) => announced.includes((e as unknown as { id: string }).id))).toBe(false);
    expect((await upload(csv, tokens['manager'])).status).toBe(403);
  });

  describe('malformed CSV files: 400 naming the line and nothing imported, or read when the format is only unusual', () => {
    const HEADER = ['title', 'eventType', 'startDate', 'endDate', 'city'];
    const row = (title: string, city = 'Ghent') => [title, 'IN_PERSON', '2031-03-01T18:00:00Z', '2031-03-01T20:00:00Z', city];
    const lines = (rows: string[][], separator = ',') => [HEADER, ...rows].map((cells) => cells.join(separator)).join('\r\n') + '\r\n';
    const upload = async (bytes: Uint8Array | string): Promise<JsonResponse> => {
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'text/csv' }), 'events.csv');
      const res = await fetch(`${platform.baseUrl}${events()}/import`, { method: 'POST', body: form, headers: { authorization: `Bearer ${tokens['owner']}` } });
      return { status: res.status, headers: res.headers, body: await res.json() };
    };
    const drafts = async (search: string) =>
      (await api.get(`${events()}?search=${encodeURIComponent(search)}&status=DRAFT`, tokens['owner'])).body.totalElements;

    it('refuses a stray quote in an unquoted field, naming its line, and imports none of the rows', async () => {
      const res = await upload(lines([row('Quote ok'), row('Quote 12" screen'), row('Quote after')]));
      expectProblem(res, 400, /file line 3: a quote inside a field that does not start with one/);
      expect(await drafts('Quote')).toBe(0);
    });

    it('reads a UTF-16 file with its BOM, tab-separated (Excel "Unicode text")', async () => {
      const text = lines([row('Unicode Café night', 'Liège')], '\t');
      const res = await upload(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ totalRows: 1, imported: 1, rejected: [], events: [{ title: 'Unicode Café night', address: { city: 'Liège' } }] });
    });

    it('reads a semicolon-separated file, and refuses one saved as Windows-1252 naming the line of its first accent', async () => {
      const res = await upload(
        lines([row('Semicolon one'), row('Semicolon two; with more')], ';').replace('Semicolon two; with more', '"Semicolon two; with more"'),
      );
      expect(res.status).toBe(200);
      expect(res.body.events.map((e: { title: string }) => e.title)).toEqual(['Semicolon one', 'Semicolon two; with more']);
      const latin = await upload(Buffer.from(lines([row('Latin plain'), row('Latin café')], ';'), 'latin1'));
      expectProblem(latin, 400, /file line 3: is not UTF-8 text \(byte 0xE9\).*CSV UTF-8/);
      expect(await drafts('Latin')).toBe(0);
    });

    it('refuses an empty file, one of blank lines, and a header without rows', async () => {
      expectProblem(await upload(''), 400, /file is empty/);
      expectProblem(await upload('\r\n\r\n'), 400, /file is empty/);
      expectProblem(await upload(lines([])), 400, /file has no event rows/);
    });

    it('refuses a binary file by its type, and NUL bytes by their line', async () => {
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), Buffer.from('IHDR'), Buffer.alloc(4096, 7)]);
      expectProblem(await upload(png), 400, /file is a PNG file, not CSV text/);
      expectProblem(await upload(lines([row('Nul ok'), row('Nul\u0000byte')])), 400, /file line 3: contains a NUL character/);
      expect(await drafts('Nul')).toBe(0);
    });
  });

  it('takes each price as a JSON number or a decimal string and answers JSON numbers, exactly, in the currency’s minor units', async () => {
    const made = await api.post(
      events(),
      eventBody({ title: 'Exact prices', basePrice: '20.00', memberPrice: 12.5, earlyBirdPrice: '0.10', earlyBirdDeadline: '2029-01-01T00:00:00Z' }),
      tokens['owner'],
    );
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ basePrice: 20, memberPrice: 12.5, earlyBirdPrice: 0.1, currency: 'EUR' });
    const put = (body: Record<string, unknown>) =>
      api.call('PUT', `${events()}/${made.body.id}`, { body: eventBody({ title: 'Exact prices', ...body }), token: tokens['owner'] });
    const large = await put({ basePrice: '1234567890.12', memberPrice: 1234567890.12 });
    expect(large.status).toBe(200);
    expect(large.body).toMatchObject({ basePrice: 1234567890.12, memberPrice: 1234567890.12 });
    expect((await put({ currency: 'JPY', basePrice: 1500, memberPrice: '1000' })).body).toMatchObject({ basePrice: 1500, memberPrice: 1000, currency: 'JPY' });
    expect((await put({ currency: 'KWD', basePrice: '1.234', memberPrice: 1.5 })).body).toMatchObject({ basePrice: 1.234, memberPrice: 1.5 });
    expectProblem(await put({ currency: 'EUR', basePrice: '1.234' }), 400, /basePrice must have at most 2 decimals in EUR/);
    expectProblem(await put({ currency: 'JPY', basePrice: 1500.5 }), 400, /basePrice must be a whole amount in JPY/);
    expectProblem(await put({ basePrice: '1e3' }), 400, /basePrice must be a decimal number/);
    expectProblem(await put({ basePrice: '20,50' }), 400, /basePrice/);
    // The refused updates changed nothing.
    expect((await api.get(`${events()}/${made.body.id}`, tokens['owner'])).body).toMatchObject({ basePrice: 1.234, currency: 'KWD' });
  });

  it('takes an early-bird price without a deadline: a STANDARD registration gets it until the event starts', async () => {
    const event = await create(eventBody({ title: 'Open early birds', maxAttendees: 10, basePrice: '40', earlyBirdPrice: 30 }));
    expect((await api.get(`${events()}/${event.id}`, tokens['owner'])).body).toMatchObject({ earlyBirdPrice: 30, earlyBirdDeadline: null });
    expect((await publish(event.id)).status).toBe(200);
    const standard = await registerFor(event.id, tokens['owner']!, { ticketType: 'STANDARD' });
    expect(standard.status).toBe(201);
    expect(standard.body).toMatchObject({ price: 30, currency: 'EUR', ticketType: 'STANDARD' });
  });
});
