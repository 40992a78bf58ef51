import { HttpError } from 'ra-core';
import type { ResourceRoutes } from './admin-area';
import { changedFields, createRestDataProvider, fillPath, toHttpError, toQuery, type CallResult, type RequestClient } from './rest-data-provider';

const ORG = '/api/orgs/{organizationId}';
const ROUTES: Record<string, ResourceRoutes> = {
  members: {
    list: `${ORG}/users`,
    one: `${ORG}/users/{userId}`,
    create: `${ORG}/users`,
    update: `${ORG}/users/{userId}`,
    delete: `${ORG}/users/{userId}`,
    idParam: 'userId',
    paged: true,
  },
  'membership-types': {
    list: `${ORG}/membership-types`,
    create: `${ORG}/membership-types`,
    update: `${ORG}/membership-types/{typeId}`,
    idParam: 'typeId',
    paged: false,
  },
  roles: { list: '/api/orgs/{id}/roles', idField: 'roleId', paged: false },
  registrations: { list: `${ORG}/events/{eventId}/registrations`, paged: true },
  organisations: { list: '/api/orgs', one: '/api/orgs/{id}', idParam: 'id', paged: true },
};

/** A fake of the typed client: records each call, answers what the test queued (JSON, status, headers). */
function fakeClient(answers: Array<{ status?: number; body?: unknown; headers?: Record<string, string> }>) {
  const calls: Array<{ method: string; path: string; query?: Record<string, unknown>; body?: unknown }> = [];
  const client: RequestClient = {
    request: async (method, path, init) => {
      calls.push({ method, path, query: init?.params?.query, body: init?.body });
      const answer = answers.shift() ?? { status: 200, body: {} };
      const status = answer.status ?? 200;
      const response = new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), { status, headers: answer.headers });
      const result: CallResult = response.ok ? { data: answer.body, response } : { error: answer.body, response };
      return result;
    },
  };
  return { client, calls };
}

const provider = (client: RequestClient) => createRestDataProvider({ client, routes: () => ROUTES, organisationId: () => 'org-1' });

describe('the console data provider', () => {
  it('turns react-admin list parameters into page (0-based), size, sort and filters, q being search', () => {
    expect(
      toQuery(
        { pagination: { page: 3, perPage: 25 }, sort: { field: 'lastName', order: 'DESC' }, filter: { q: 'ada', status: 'ACTIVE', empty: '' } },
        ROUTES['members']!,
      ),
    ).toEqual({ search: 'ada', status: 'ACTIVE', page: 2, size: 25, sort: 'lastName,desc' });
    // react-admin's default sort on `id` is not a sort the API knows.
    expect(toQuery({ pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} }, ROUTES['members']!)).toEqual({
      page: 0,
      size: 10,
    });
  });

  it('reads the Page envelope into data and total, ids as the API gives them', async () => {
    const { client, calls } = fakeClient([{ body: { content: [{ id: 'u1', email: 'a@x.org' }], totalElements: 41, page: 2, size: 20 } }]);
    const result = await provider(client).getList('members', {
      pagination: { page: 3, perPage: 20 },
      sort: { field: 'email', order: 'ASC' },
      filter: { status: 'PENDING' },
    });
    expect(result).toEqual({ data: [{ id: 'u1', email: 'a@x.org' }], total: 41 });
    expect(calls).toEqual([
      { method: 'get', path: '/api/orgs/org-1/users', query: { status: 'PENDING', page: 2, size: 20, sort: 'email,asc' }, body: undefined },
    ]);
  });

  it('reads a page larger than the API serves (an export of 1000) as several pages of 100', async () => {
    const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: `u${from + i}` }));
    const { client, calls } = fakeClient([
      { body: { content: rows(0, 100), totalElements: 230 } },
      { body: { content: rows(100, 100), totalElements: 230 } },
      { body: { content: rows(200, 30), totalElements: 230 } },
    ]);
    const result = await provider(client).getList('members', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'lastName', order: 'ASC' },
      filter: { status: 'ACTIVE' },
    });
    expect(result.total).toBe(230);
    expect(result.data.map((r) => r.id)).toEqual(rows(0, 230).map((r) => r.id));
    expect(calls.map((c) => c.query)).toEqual([0, 1, 2].map((page) => ({ status: 'ACTIVE', page, size: 100, sort: 'lastName,asc' })));
  });

  it('pages, sorts and filters plain arrays in the browser, and maps an id field', async () => {
    const types = [
      { id: 't1', name: 'Student', price: 10 },
      { id: 't2', name: 'Full', price: 49.9 },
      { id: 't3', name: 'Family', price: 80 },
    ];
    const { client, calls } = fakeClient([{ body: types }, { body: [{ roleId: 'r1', name: 'OWNER' }] }]);
    const result = await provider(client).getList('membership-types', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'price', order: 'DESC' },
      filter: { q: 'f' },
    });
    expect(result).toEqual({ data: [types[2], types[1]], total: 2 });
    expect(calls[0]!.query).toBeUndefined();
    const roles = await provider(client).getList('roles', { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(roles.data).toEqual([{ roleId: 'r1', name: 'OWNER', id: 'r1' }]);
    expect(calls[1]!.path).toBe('/api/orgs/org-1/roles');
  });

  it('fills other path parameters from the filter (not sent as a query) and the record id into its parameter', async () => {
    expect(fillPath(ROUTES['organisations']!.one!, ROUTES['organisations']!, undefined, 'o-9').path).toBe('/api/orgs/o-9');
    expect(fillPath(ROUTES['members']!.one!, ROUTES['members']!, 'org 1', 'a/b').path).toBe('/api/orgs/org%201/users/a%2Fb');
    const { client, calls } = fakeClient([{ body: { content: [], totalElements: 0 } }]);
    await provider(client).getList('registrations', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { eventId: 'e1', status: 'CONFIRMED' },
    });
    expect(calls[0]).toMatchObject({ path: '/api/orgs/org-1/events/e1/registrations', query: { status: 'CONFIRMED', page: 0, size: 10 } });
    expect(() => fillPath(ROUTES['registrations']!.list!, ROUTES['registrations']!, 'org-1')).toThrow('{eventId}');
  });

  it('gets one record, or finds it in the list when the API has no "get one" route', async () => {
    const { client, calls } = fakeClient([{ body: { id: 'u1', email: 'a@x.org' } }, { body: [{ id: 't1' }, { id: 't2', name: 'Full' }] }]);
    expect(await provider(client).getOne('members', { id: 'u1' })).toEqual({ data: { id: 'u1', email: 'a@x.org' } });
    expect(calls[0]!.path).toBe('/api/orgs/org-1/users/u1');
    expect(await provider(client).getOne('membership-types', { id: 't2' })).toEqual({ data: { id: 't2', name: 'Full' } });
  });

  it('creates with a POST, updates only the changed fields, deletes', async () => {
    const { client, calls } = fakeClient([
      { status: 201, body: { id: 't9', name: 'Full', price: 49.9 } },
      { body: { id: 'u1', status: 'SUSPENDED', roleId: 'r2' } },
      { status: 204 },
    ]);
    const dp = provider(client);
    expect(await dp.create('membership-types', { data: { name: 'Full', price: '49.90', currency: 'EUR' } })).toEqual({
      data: { id: 't9', name: 'Full', price: 49.9, currency: 'EUR' },
    });
    expect(calls[0]).toMatchObject({ method: 'post', path: '/api/orgs/org-1/membership-types', body: { name: 'Full', price: '49.90', currency: 'EUR' } });
    const previousData = { id: 'u1', email: 'a@x.org', status: 'ACTIVE', roleId: 'r1', membership: { id: 'm' } };
    const updated = await dp.update('members', { id: 'u1', data: { ...previousData, roleId: 'r2', status: 'SUSPENDED' }, previousData });
    expect(calls[1]).toMatchObject({ method: 'put', path: '/api/orgs/org-1/users/u1', body: { roleId: 'r2', status: 'SUSPENDED' } });
    expect(updated.data).toMatchObject({ id: 'u1', email: 'a@x.org', status: 'SUSPENDED', roleId: 'r2' });
    expect(await dp.delete('members', { id: 'u1', previousData })).toEqual({ data: previousData });
    expect(calls[2]).toMatchObject({ method: 'delete', path: '/api/orgs/org-1/users/u1' });
  });

  it('turns a problem into an HttpError with the words, the request id and field errors for the form', async () => {
    const problem = {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: 'Some fields are not valid.',
      requestId: 'req-42',
      errors: [
        { field: 'price', message: 'EUR amounts have at most 2 decimals' },
        { field: 'address.city', message: 'required' },
      ],
    };
    const { client } = fakeClient([{ status: 400, body: problem }]);
    const failure = await provider(client)
      .create('membership-types', { data: { price: '1.234' } })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({
      message: 'Some fields are not valid. (request req-42)',
      status: 400,
      body: {
        errors: {
          price: 'EUR amounts have at most 2 decimals',
          'address.city': 'required',
          root: { serverError: 'Some fields are not valid. (request req-42)' },
        },
        requestId: 'req-42',
        code: 'VALIDATION_FAILED',
      },
    });
  });

  it('words a failure without a problem by its status, with the X-Request-Id header, and no field errors', () => {
    const error = toHttpError('upstream', new Response('x', { status: 503, headers: { 'x-request-id': 'h-1', 'retry-after': '5' } }));
    expect(error.message).toBe('The platform is busy right now. Try again in a moment. (request h-1)');
    expect(error.body).toEqual({ status: 503, requestId: 'h-1', code: undefined, retryAfter: 5 });
    expect(toHttpError(undefined, undefined).status).toBe(0);
  });

  it('sends only what changed', () => {
    expect(changedFields({ id: 1, a: 1, b: [1], c: 'x' }, { id: 1, a: 1, b: [1, 2], c: 'x' })).toEqual({ b: [1] });
    expect(changedFields({ id: 1, a: 1 }, undefined)).toEqual({ a: 1 });
  });
});
