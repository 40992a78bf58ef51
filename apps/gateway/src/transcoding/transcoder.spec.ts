import { PlatformError } from '@platform/errors';
import { fixtureProtos } from '../../test/support/fixture-protos';
import { RouteTable } from '../routing/route-table';
import { type RequestParts, transcodeReply, transcodeRequest } from './transcoder';

const table = RouteTable.fromProtos(fixtureProtos());
const ORG = '0b7c5a8e-1d1f-4a51-9f0e-6f2d8b9f5c11';

function route(method: string, path: string) {
  const match = table.match(method, path);
  if (match.kind !== 'found') throw new Error(`${method} ${path}: ${match.kind}`);
  return match;
}

function transcode(method: string, path: string, parts: Partial<RequestParts> = {}) {
  const { route: r, params } = route(method, path);
  return transcodeRequest(r, { params, query: new URLSearchParams(), ...parts });
}

/** The violations of a request that must fail validation. */
function violations(method: string, path: string, parts: Partial<RequestParts> = {}) {
  try {
    transcode(method, path, parts);
  } catch (err) {
    if (err instanceof PlatformError) return { detail: err.message, errors: err.violations };
    throw err;
  }
  throw new Error('expected a validation failure');
}

describe('request transcoding', () => {
  it('builds the request from the path and a JSON body, honouring json_name', () => {
    const message = transcode('PUT', `/api/fixture/orgs/${ORG}`, {
      body: { name: 'Rowing club', website_url: 'https://club.example', allow_join_requests: true, orgType: 'ASSOCIATION', tags: ['a', 'b'] },
    });
    expect(message).toEqual({
      id: ORG,
      name: 'Rowing club',
      websiteUrl: 'https://club.example',
      allowJoinRequests: true,
      orgType: 'ORG_TYPE_ASSOCIATION',
      tags: ['a', 'b'],
    });
  });

  it('lets the path win over the same field in the body', () => {
    expect(transcode('PUT', `/api/fixture/orgs/${ORG}`, { body: { id: '11111111-1111-4111-8111-111111111111' } })).toEqual({ id: ORG });
  });

  it('accepts full enum names too, and nested messages, maps, timestamps, structs and wrappers', () => {
    const message = transcode('PUT', `/api/fixture/orgs/${ORG}`, {
      body: {
        orgType: 'ORG_TYPE_CLUB',
        address: { street: 'Main St 1', postalCode: '1000' },
        quotas: { seats: 10 },
        foundedAt: '2024-05-01T10:00:00.250Z',
        settings: { theme: 'dark', flags: [true, null, 2] },
        motto: 'Row on',
        storageBytes: '9007199254740993',
        maxMembers: 50,
        price: 12.5,
        nickname: null,
      },
    });
    expect(message).toMatchObject({
      orgType: 'ORG_TYPE_CLUB',
      address: { street: 'Main St 1', postalCode: '1000' },
      quotas: { seats: 10 },
      foundedAt: { seconds: '1714557600', nanos: 250_000_000 },
      settings: {
        fields: {
          theme: { stringValue: 'dark' },
          flags: { listValue: { values: [{ boolValue: true }, { nullValue: 'NULL_VALUE' }, { numberValue: 2 }] } },
        },
      },
      motto: { value: 'Row on' },
      storageBytes: '9007199254740993',
      maxMembers: 50,
      price: 12.5,
    });
    expect(message).not.toHaveProperty('nickname');
  });

  it('reports every wrong type at once, by JSON name', () => {
    const { errors } = violations('PUT', `/api/fixture/orgs/${ORG}`, {
      body: {
        name: 42,
        website_url: false,
        allow_join_requests: 'yes',
        orgType: 'SOCIETY',
        tags: 'a',
        maxMembers: '50',
        storageBytes: 1.5,
        price: 'cheap',
        address: { city: 3 },
        foundedAt: 'yesterday',
        quotas: { seats: 'ten' },
      },
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'must be a string' },
        { field: 'website_url', message: 'must be a string' },
        { field: 'allow_join_requests', message: 'must be true or false' },
        { field: 'orgType', message: 'must be one of ASSOCIATION, CLUB' },
        { field: 'tags', message: 'must be a JSON array' },
        { field: 'maxMembers', message: 'must be an integer' },
        { field: 'storageBytes', message: 'must be an integer' },
        { field: 'price', message: 'must be a number' },
        { field: 'address.city', message: 'must be a string' },
        { field: 'foundedAt', message: 'must be an ISO 8601 timestamp such as 2024-05-01T10:00:00Z' },
        { field: 'quotas.seats', message: 'must be an integer' },
      ]),
    );
    expect(errors).toHaveLength(11);
  });

  it('refuses the UNSPECIFIED enum value and out-of-range integers', () => {
    expect(violations('PUT', `/api/fixture/orgs/${ORG}`, { body: { orgType: 'UNSPECIFIED', maxMembers: 2 ** 31 } }).errors).toEqual([
      { field: 'orgType', message: 'must be one of ASSOCIATION, CLUB' },
      { field: 'maxMembers', message: 'must be between -2147483648 and 2147483647' },
    ]);
  });

  it('refuses unknown fields, including the camelCase twin of a json_name field', () => {
    expect(violations('PUT', `/api/fixture/orgs/${ORG}`, { body: { nmae: 'x', websiteUrl: 'https://x' } }).errors).toEqual([
      { field: 'nmae', message: 'is not a known field' },
      { field: 'websiteUrl', message: 'is not a known field' },
    ]);
  });

  it('checks UUIDs in fields and path variables named id, *Id, *_id and *Ids', () => {
    expect(violations('GET', '/api/fixture/orgs/not-a-uuid').errors).toEqual([{ field: 'id', message: 'must be a UUID' }]);
    expect(violations('GET', '/api/fixture/orgs/nope/members').errors).toEqual([{ field: 'organization_id', message: 'must be a UUID' }]);
    expect(violations('PUT', `/api/fixture/orgs/${ORG}`, { body: { memberIds: [ORG, 'x'] } }).errors).toEqual([
      { field: 'memberIds[1]', message: 'must be a UUID' },
    ]);
    expect(transcode('GET', `/api/fixture/orgs/${ORG.toUpperCase()}`)).toEqual({ id: ORG });
  });

  it('limits strings by field name: names 100, emails 254, slugs 63, others 2000', () => {
    const long = (n: number) => 'x'.repeat(n);
    expect(violations('POST', '/api/fixture/orgs', { body: { name: long(101), email: `${long(250)}@a.io`, slug: long(64) } }).errors).toEqual([
      { field: 'name', message: 'must be at most 100 characters' },
      { field: 'email', message: 'must be at most 254 characters' },
      { field: 'slug', message: 'must be at most 63 characters' },
    ]);
    expect(violations('PUT', `/api/fixture/orgs/${ORG}`, { body: { tags: [long(2001)] } }).errors).toEqual([
      { field: 'tags[0]', message: 'must be at most 2000 characters' },
    ]);
    expect(() => transcode('PUT', `/api/fixture/orgs/${ORG}`, { body: { name: long(100), description: long(50_000) } })).not.toThrow();
  });

  it('keeps client-chosen keys such as __proto__ as plain map keys', () => {
    const message = transcode('PUT', `/api/fixture/orgs/${ORG}`, { body: JSON.parse('{"quotas":{"__proto__":3}}') as unknown });
    const quotas = message['quotas'] as Record<string, unknown>;
    expect(Object.keys(quotas)).toEqual(['__proto__']);
    expect(quotas['__proto__']).toBe(3);
  });

  it('refuses an unknown top-level __proto__ key like any unknown field', () => {
    expect(violations('PUT', `/api/fixture/orgs/${ORG}`, { body: JSON.parse('{"__proto__":{"admin":true}}') as unknown }).errors).toEqual([
      { field: '__proto__', message: 'is not a known field' },
    ]);
  });

  it('refuses two members of one oneof', () => {
    expect(violations('POST', '/api/fixture/echo', { body: { word: 'a', number: 1 } }).errors).toEqual([
      { field: 'number', message: 'cannot be set together with word' },
    ]);
  });

  it('refuses a body that is not an object', () => {
    expect(violations('POST', '/api/fixture/echo', { body: [1, 2] }).detail).toBe('The request body must be a JSON object');
  });

  it('types query parameters from the message: numbers, booleans, enums, timestamps, repeated', () => {
    const query = new URLSearchParams('page=2&size=20&active=true&tags=a&tags=b&orgType=CLUB&since=2024-01-01T00:00:00Z&search=ann&sort=lastName,asc');
    expect(transcode('GET', `/api/fixture/orgs/${ORG}/members`, { query })).toEqual({
      organizationId: ORG,
      page: 2,
      size: 20,
      active: true,
      tags: ['a', 'b'],
      orgType: 'ORG_TYPE_CLUB',
      since: { seconds: '1704067200', nanos: 0 },
      search: 'ann',
      sort: 'lastName,asc',
    });
  });

  it('refuses mistyped, repeated, unknown and path-bound query parameters', () => {
    const query = new URLSearchParams('page=abc&size=1&size=2&active=yes&color=red&organizationId=x');
    expect(violations('GET', `/api/fixture/orgs/${ORG}/members`, { query }).errors).toEqual([
      { field: 'page', message: 'must be an integer' },
      { field: 'size', message: 'must be given once' },
      { field: 'active', message: 'must be true or false' },
      { field: 'color', message: 'is not a known query parameter' },
      { field: 'organizationId', message: 'is set by the path' },
    ]);
  });

  it('takes no query parameters on body "*" routes', () => {
    expect(violations('POST', '/api/fixture/echo', { query: new URLSearchParams('text=a'), body: {} }).errors).toEqual([
      { field: 'text', message: 'is not a known query parameter' },
    ]);
  });

  it('puts the body into the named field for body: "<field>" routes', () => {
    expect(transcode('PUT', `/api/fixture/orgs/${ORG}/branding`, { body: { primaryColor: '#112233' } })).toEqual({
      orgId: ORG,
      branding: { primaryColor: '#112233' },
    });
  });

  it('binds a ** variable to the rest of the path', () => {
    expect(transcode('GET', '/api/fixture/files/a/b c.pdf')).toEqual({ path: 'a/b c.pdf' });
  });
});

describe('decimals (google.type.Decimal)', () => {
  const feeOf = (fee: unknown) => transcode('PUT', `/api/fixture/orgs/${ORG}`, { body: { fee } })['fee'];
  const feeProblems = (fee: unknown) => violations('PUT', `/api/fixture/orgs/${ORG}`, { body: { fee } }).errors;
  const MESSAGE = 'must be a decimal number such as 49.90: a JSON number or a string, at most 13 digits before the point and 6 after';

  it('takes a JSON number as its shortest round-trip digits and a decimal string as written, canonically', () => {
    expect(feeOf(49.9)).toEqual({ value: '49.9' });
    expect(feeOf(0.1)).toEqual({ value: '0.1' });
    expect(feeOf(1234567890.12)).toEqual({ value: '1234567890.12' });
    expect(feeOf(1500)).toEqual({ value: '1500' });
    expect(feeOf('0.10')).toEqual({ value: '0.1' });
    expect(feeOf('-2.50')).toEqual({ value: '-2.5' });
    expect(feeOf('1234567890123.123456')).toEqual({ value: '1234567890123.123456' });
  });

  it('refuses an exponent, text that is not a number, more digits than it passes on, and other JSON types', () => {
    for (const bad of ['1e3', '4 9', '49,90', '+1', '', 'NaN', '12345678901234', '0.1234567', 1e21, 0.1 + 0.2, true, [1], { value: '1' }]) {
      expect(feeProblems(bad)).toEqual([{ field: 'fee', message: MESSAGE }]);
    }
  });

  it('leaves an absent or null decimal unset', () => {
    expect(transcode('PUT', `/api/fixture/orgs/${ORG}`, { body: { fee: null } })).not.toHaveProperty('fee');
  });

  it('answers a decimal as a JSON number with the same digits, and an unset one as null', () => {
    const getOrg = route('GET', `/api/fixture/orgs/${ORG}`).route;
    const feeIn = (fee: unknown) => (transcodeReply(getOrg, { fee }) as Record<string, unknown>)['fee'];
    expect(feeIn({ value: '49.90' })).toBe(49.9);
    expect(JSON.stringify({ fee: feeIn({ value: '1234567890.12' }) })).toBe('{"fee":1234567890.12}');
    expect(JSON.stringify({ fee: feeIn({ value: '0.10' }) })).toBe('{"fee":0.1}');
    expect(feeIn({ value: '1500' })).toBe(1500);
    expect(feeIn(null)).toBeNull();
    expect(feeIn({ value: 'lots' })).toBeNull();
  });
});

describe('reply transcoding', () => {
  const getOrg = route('GET', `/api/fixture/orgs/${ORG}`).route;

  it('writes every field under its JSON name, defaults included, unset presence fields as null', () => {
    const reply = transcodeReply(getOrg, {
      id: ORG,
      name: 'Club',
      description: '',
      websiteUrl: 'https://club.example',
      allowJoinRequests: false,
      orgType: 'ORG_TYPE_ASSOCIATION',
      tags: [],
      address: null,
      maxMembers: 0,
      storageBytes: '42',
      price: 0,
      foundedAt: { seconds: '1714557600', nanos: 0 },
      settings: { fields: { theme: { kind: 'stringValue', stringValue: 'dark' } } },
      motto: null,
      _nickname: 'nickname',
      nickname: 'clubby',
    });
    expect(reply).toEqual({
      id: ORG,
      name: 'Club',
      description: '',
      website_url: 'https://club.example',
      allow_join_requests: false,
      orgType: 'ASSOCIATION',
      tags: [],
      address: null,
      maxMembers: 0,
      storageBytes: 42,
      price: 0,
      foundedAt: '2024-05-01T10:00:00.000Z',
      settings: { theme: 'dark' },
      nickname: 'clubby',
      motto: null,
      fee: null,
    });
  });

  it('renders the UNSPECIFIED enum value as null and 64-bit integers beyond 2^53 as strings', () => {
    const reply = transcodeReply(getOrg, { orgType: 'ORG_TYPE_UNSPECIFIED', storageBytes: '9007199254740993' }) as Record<string, unknown>;
    expect(reply['orgType']).toBeNull();
    expect(reply['storageBytes']).toBe('9007199254740993');
  });

  it('renders the paged envelope with its field names', () => {
    const list = route('GET', `/api/fixture/orgs/${ORG}/members`).route;
    expect(transcodeReply(list, { content: [{ id: ORG, email: 'a@b.c', firstName: 'Ann' }], totalElements: '1', totalPages: 1, page: 0, size: 20 })).toEqual({
      content: [{ id: ORG, email: 'a@b.c', firstName: 'Ann' }],
      totalElements: 1,
      totalPages: 1,
      page: 0,
      size: 20,
    });
  });
});
