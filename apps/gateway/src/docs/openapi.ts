import { AbuseLimits } from '../limits/abuse-limits';
import { ErrorCode, grpcStatusOf, httpStatusOfFailure } from '@platform/errors';
import { isUuidField, maxLengthOf } from '../protos/field-rules';
import type { FieldSchema, MessageSchema, ScalarKind } from '../protos/message-schema';
import { findField } from '../protos/message-schema';
import { GatewayErrorCode, problemTypeOf } from '../http/problem';
import { type Route, type RouteTable, resolveFieldPath } from '../routing/route-table';
import { DECIMAL_PATTERN } from '../transcoding/json-input';
import { addExamples } from './examples';
import { OPERATION_TAGS, tagOf } from './tags';

type Json = Record<string, unknown>;

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

/** The platform document's info block (served at /api/docs/openapi.json, written as dist/openapi.json). */
export const API_INFO: OpenApiInfo = {
  title: 'Association platform API',
  version: '1',
  description:
    'Failures are RFC 9457 problems (application/problem+json); each operation lists the statuses it can answer. ' +
    'Outside the operations: a path that is not listed answers 404, and a listed path asked with a method it does not have ' +
    'answers 405 with `Allow` (the `MethodNotAllowed` response).',
};

const AUTH_TEXT: Record<Route['access']['auth'], string> = {
  public: 'public: no token needed',
  user: 'user: any valid access token',
  admin: "admin: an ADMIN or OWNER of the path's organisation, or a platform administrator",
  owner: "owner: the OWNER of the path's organisation, or a platform administrator",
  sys: 'sys: a system user with SUPER_ADMIN or PLATFORM_ADMIN',
};

/**
 * The OpenAPI 3.1 document of the REST API, generated from the same route table the gateway
 * serves: every routed path and method, its auth level (`security` and `x-platform-access`), its
 * parameters and bodies from the request and reply messages, its success status and its problems.
 */
export function buildOpenApi(table: RouteTable, info: OpenApiInfo): Json {
  const components = new SchemaComponents();
  const paths: Record<string, Json> = {};
  for (const route of [...table.routes].sort((a, b) => a.template.source.localeCompare(b.template.source))) {
    // Path variables by their JSON names, as the spec writes them (`{organizationId}`, not `{organization_id}`).
    const path = route.template.source.replace(/\{([^}=]+)(=\*\*?)?\}/g, (_, variable: string) => `{${variableName(route, variable)}}`);
    (paths[path] ??= {})[route.httpMethod.toLowerCase()] = operation(route, components);
  }
  return addExamples({
    openapi: '3.1.0',
    info,
    servers: [{ url: '/' }],
    tags: OPERATION_TAGS.map((tag) => ({ ...tag })),
    paths,
    components: {
      schemas: { ...components.schemas, ...problemSchemas() },
      responses: problemResponses(),
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  });
}

function operation(route: Route, components: SchemaComponents): Json {
  const { access } = route;
  const [summary, ...rest] = (route.description ?? '').split('\n');
  const description = [
    rest.join('\n').trim(),
    `**Auth** ${AUTH_TEXT[access.auth]}.`,
    access.authority ? `**Authority** \`${access.authority}\`.` : '',
    route.orgParam && access.auth !== 'public' ? `Scoped to the organisation in \`{${route.orgParam}}\`.` : '',
    access.loginLockout ? 'Subject to the login lockout: after too many failed attempts the account is locked (423).' : '',
    access.loginLockout ? 'Failed attempts also count against the client address: past its budget the answer is 429.' : '',
    AbuseLimits.limitOf(route) ? `Subject to the \`${AbuseLimits.limitOf(route)}\` abuse limit per client address and overall (429).` : '',
  ]
    .filter((s) => s !== '')
    .join('\n\n');

  const op: Json = {
    operationId: route.operationId,
    tags: [tagOf(route)],
    // The comment's first line, a short imperative sentence ("List members."), without its full stop.
    summary: summary?.trim().replace(/\.$/, '') || route.rpc.name,
    description,
    security: access.auth === 'public' ? [] : [{ bearerAuth: [] }],
    'x-platform-access': { auth: access.auth, authority: access.authority, orgParam: route.orgParam, loginLockout: access.loginLockout || undefined },
    'x-grpc-method': route.rpc.path,
  };
  const parameters = [...pathParameters(route, components.inputs), ...queryParameters(route, components.inputs), ...headerParameters(route)];
  if (parameters.length > 0) op['parameters'] = parameters;
  const body = requestBody(route, components.inputs);
  if (body) op['requestBody'] = body;
  op['responses'] = responses(route, components);
  return op;
}

/** A path variable's JSON name: the last field of its (possibly dotted) path, as the client sees it. */
function variableName(route: Route, variable: string): string {
  const chain = resolveFieldPath(inputOf(route), variable);
  return chain?.length ? (chain[chain.length - 1] as FieldSchema).jsonName : variable;
}

function pathParameters(route: Route, components: SchemaComponents): Json[] {
  return route.template.variables.map((variable) => {
    const chain = resolveFieldPath(inputOf(route), variable) ?? [];
    const field = chain[chain.length - 1] as FieldSchema;
    return { name: variableName(route, variable), in: 'path', required: true, schema: components.single(field), description: field.comment };
  });
}

/** `X-Device-Id` on the operations whose request takes a `deviceId` (login, refresh, MFA): the header or the field. */
function headerParameters(route: Route): Json[] {
  if (route.download && findField(route.request, 'range')) {
    return [
      {
        name: 'Range',
        in: 'header',
        required: false,
        schema: { type: 'string', examples: ['bytes=0-1023'] },
        description: 'A single byte range: 206 with it.',
      },
    ];
  }
  if (!route.request.fields.some((f) => f.jsonName === 'deviceId')) return [];
  return [
    {
      name: 'X-Device-Id',
      in: 'header',
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[\\x20-\\x7e]+$' },
      description: 'The device the session belongs to (LIMIT_PER_DEVICE rotation); the same as the `deviceId` field, which wins when both are given.',
    },
  ];
}

/** The message the path and the form fill: an upload's `fields`, else the request. */
const inputOf = (route: Route): MessageSchema => route.upload?.fields ?? route.request;

function queryParameters(route: Route, components: SchemaComponents): Json[] {
  if (route.body === '*' || route.upload) return [];
  const bound = new Set(route.template.variables.map((v) => resolveFieldPath(route.request, v)?.[0]));
  const bodyField = route.body === '' ? undefined : findField(route.request, route.body);
  return route.request.fields
    .filter((f) => !bound.has(f) && f !== bodyField && !f.mapKey && (f.type.kind !== 'message' || f.type.schema.wellKnown))
    .map((field) => ({
      name: field.jsonName,
      in: 'query',
      required: false,
      schema: components.field(field),
      ...(field.repeated ? { explode: true } : {}),
      description: field.comment,
    }));
}

function requestBody(route: Route, components: SchemaComponents): Json | undefined {
  if (route.upload) return multipartBody(route, route.upload, components);
  if (route.body === '') return undefined;
  let schema: Json;
  if (route.body === '*') {
    const bound = new Set(route.template.variables.map((v) => resolveFieldPath(route.request, v)?.[0]));
    schema = bound.size === 0 ? components.ref(route.request) : components.inline(route.request, bound);
  } else {
    schema = components.field(findField(route.request, route.body) as FieldSchema);
  }
  return { required: route.body !== '*', content: { 'application/json': { schema } } };
}

/**
 * A multipart/form-data body: the file field (binary, with its limit), then the `fields` message's
 * fields that the path does not bind and the gateway does not set from the file part.
 */
function multipartBody(route: Route, upload: NonNullable<Route['upload']>, components: SchemaComponents): Json {
  const bound = new Set(route.template.variables.map((v) => resolveFieldPath(upload.fields, v)?.[0]));
  const fromFile = new Set([findField(upload.fields, 'file_name'), findField(upload.fields, 'declared_content_type')]);
  const properties: Record<string, Json> = {
    [upload.fileField]: {
      type: 'string',
      contentMediaType: 'application/octet-stream',
      description: `The file (at most ${upload.maxBytes} bytes; 413 beyond).`,
    },
  };
  for (const field of upload.fields.fields) {
    if (bound.has(field) || fromFile.has(field)) continue;
    properties[field.jsonName] = { ...components.field(field), ...(field.comment ? { description: field.comment } : {}) };
  }
  return {
    required: true,
    description: `multipart/form-data; the other fields must come before \`${upload.fileField}\`.`,
    content: {
      'multipart/form-data': { schema: { type: 'object', required: [upload.fileField], properties }, encoding: { [upload.fileField]: { contentType: '*/*' } } },
    },
  };
}

/** A download's answers: the file (200), a range of it (206), with their headers. */
function downloadResponses(): Json {
  const headers = {
    'Content-Length': { schema: { type: 'integer' } },
    ETag: { schema: { type: 'string' } },
    'Content-Disposition': { description: 'attachment or inline, with filename and filename* (RFC 6266)', schema: { type: 'string' } },
    'Accept-Ranges': { schema: { type: 'string', const: 'bytes' } },
  };
  const content = { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } };
  return {
    '200': { description: 'The file', headers, content },
    '206': {
      description: 'The byte range asked for in `Range: bytes=…` (a single range; others are ignored)',
      headers: { ...headers, 'Content-Range': { schema: { type: 'string' } } },
      content,
    },
  };
}

function responses(route: Route, components: SchemaComponents): Json {
  const status = route.access.successStatus;
  const success: Json = { description: status === 201 ? 'Created' : status === 204 ? 'No content' : 'OK' };
  if (route.download) return { ...downloadResponses(), ...problemRefs(route) };
  if (status !== 204) {
    const schema = route.responseBody === '' ? components.ref(route.response) : components.field(findField(route.response, route.responseBody) as FieldSchema);
    success['content'] = { 'application/json': { schema } };
  }
  if (status === 201 && route.locationFromId) {
    success['headers'] = { Location: { description: 'Where the created resource can be read', schema: { type: 'string' } } };
  }
  return { [String(status)]: success, ...problemRefs(route) };
}

/** The HTTP status of a platform code: the same table the gateway answers with. */
const statusOfCode = (code: ErrorCode): number => httpStatusOfFailure(grpcStatusOf(code), code);

/**
 * The platform codes a route can answer, from what the route is: its auth level, path, body,
 * method, lockout and limits (docs/decisions/0188-declared-problems.md). Services
 * do not declare their codes per RPC, so these are the classes of route each code belongs to.
 */
export function problemCodesOf(route: Route): ErrorCode[] {
  const write = route.httpMethod !== 'GET';
  const takes = (name: string) => inputOf(route).fields.some((field) => field.name === name);
  const codes = [ErrorCode.VALIDATION_FAILED];
  // A token's checks, or (on a public write) a credential, registration closed or an account that may not sign in.
  if (route.access.auth !== 'public' || write || route.access.loginLockout) codes.push(ErrorCode.UNAUTHENTICATED, ErrorCode.FORBIDDEN);
  if (route.template.variables.length > 0) codes.push(ErrorCode.NOT_FOUND);
  // A file's link can be past its signature, and a range outside the file.
  if (route.download) codes.push(ErrorCode.FORBIDDEN, ErrorCode.RANGE_NOT_SATISFIABLE);
  // A write can meet a state it does not fit: a duplicate, a transition its state table refuses, a full event.
  if (write) codes.push(ErrorCode.CONFLICT);
  // An invitation's token can be expired, used or cancelled.
  if (/Invitation/.test(route.rpc.name) && takes('token')) codes.push(ErrorCode.INVITATION_EXPIRED);
  if (route.body !== '' || route.upload) codes.push(ErrorCode.PAYLOAD_TOO_LARGE, ErrorCode.UNSUPPORTED_MEDIA_TYPE);
  // The login lockout, or a one-time code's tries (a reset code's per day, the second factor's per window).
  if (route.access.loginLockout || takes('code')) codes.push(ErrorCode.TOO_MANY_ATTEMPTS, ErrorCode.RATE_LIMITED);
  if (AbuseLimits.limitOf(route)) codes.push(ErrorCode.RATE_LIMITED);
  codes.push(ErrorCode.INTERNAL, ErrorCode.UNAVAILABLE, ErrorCode.DEPENDENCY_UNAVAILABLE);
  return codes;
}

/** The problem answers of a route, each status once, by reference to the shared responses; 504 when a service is too slow. */
function problemRefs(route: Route): Json {
  const statuses = new Set([...problemCodesOf(route).map(statusOfCode), 504]);
  const out: Json = {};
  for (const code of [...statuses].sort((a, b) => a - b))
    out[String(code)] = { $ref: `#/components/responses/${PROBLEM_RESPONSES[code]?.name ?? 'InternalError'}` };
  return out;
}

/** Whether a schema describes what clients send or what they are answered (decimals differ). */
type Direction = 'input' | 'output';

/**
 * JSON Schemas of messages, registered once each under their full proto name. Requests are
 * described through `inputs`, replies through this: the two share one record, in first-use order.
 */
class SchemaComponents {
  private inputSide?: SchemaComponents;

  constructor(
    readonly direction: Direction = 'output',
    readonly schemas: Record<string, Json> = {},
    private readonly directions = new Map<string, Direction>(),
  ) {}

  /** The same components for request bodies and parameters. */
  get inputs(): SchemaComponents {
    if (this.direction === 'input') return this;
    return (this.inputSide ??= new SchemaComponents('input', this.schemas, this.directions));
  }

  ref(schema: MessageSchema): Json {
    if (schema.wellKnown) return wellKnownSchema(schema, this);
    const registered = this.directions.get(schema.fullName);
    if (registered === undefined) {
      this.directions.set(schema.fullName, this.direction);
      this.schemas[schema.fullName] = {}; // placeholder: recursive messages refer to themselves
      this.schemas[schema.fullName] = this.inline(schema, new Set());
    } else if (registered !== this.direction && carriesDecimal(schema)) {
      // One component cannot say "number or string" to senders and "number" to readers.
      throw new Error(`${schema.fullName} holds a decimal and is both a request and a reply: give each side its own message`);
    }
    return { $ref: `#/components/schemas/${schema.fullName}` };
  }

  inline(schema: MessageSchema, exclude: Set<FieldSchema | undefined>): Json {
    const properties: Record<string, Json> = {};
    for (const field of schema.fields) if (!exclude.has(field)) properties[field.jsonName] = this.field(field);
    return { type: 'object', description: schema.comment, properties, additionalProperties: false };
  }

  field(field: FieldSchema): Json {
    const item = this.single(field);
    if (field.mapKey) return { type: 'object', additionalProperties: item, description: field.comment };
    if (field.repeated) return { type: 'array', items: item, description: field.comment };
    if (field.presence) return { anyOf: [item, { type: 'null' }], description: field.comment };
    return { ...item, description: field.comment };
  }

  single(field: FieldSchema): Json {
    switch (field.type.kind) {
      case 'message':
        return this.ref(field.type.schema);
      case 'enum':
        return { type: 'string', enum: field.type.schema.values.filter((v) => !v.unspecified).map((v) => v.jsonName) };
      case 'scalar':
        return scalarSchema(field.type.scalar, field.name);
      default: {
        const unreachable: never = field.type;
        throw new Error(`unknown field type ${JSON.stringify(unreachable)}`);
      }
    }
  }
}

function scalarSchema(kind: ScalarKind, name: string): Json {
  switch (kind) {
    case 'string':
      return isUuidField(name) ? { type: 'string', format: 'uuid' } : { type: 'string', maxLength: maxLengthOf(name) };
    case 'bool':
      return { type: 'boolean' };
    case 'double':
    case 'float':
      return { type: 'number', format: kind };
    case 'int32':
    case 'sint32':
    case 'sfixed32':
      return { type: 'integer', format: 'int32' };
    case 'uint32':
    case 'fixed32':
      return { type: 'integer', format: 'int32', minimum: 0 };
    case 'int64':
    case 'sint64':
    case 'sfixed64':
    case 'uint64':
    case 'fixed64':
      return { type: ['integer', 'string'], format: 'int64', description: 'a string beyond 2^53' };
    case 'bytes':
      return { type: 'string', contentEncoding: 'base64' };
    default: {
      const unreachable: never = kind;
      throw new Error(`unknown scalar ${String(unreachable)}`);
    }
  }
}

function wellKnownSchema(schema: MessageSchema, components: SchemaComponents): Json {
  switch (schema.wellKnown) {
    case 'timestamp':
      return { type: 'string', format: 'date-time' };
    case 'duration':
      return { type: 'string', pattern: '^-?\\d+(\\.\\d{1,9})?s$' };
    case 'struct':
      return { type: 'object', additionalProperties: true };
    case 'value':
      return {};
    case 'list-value':
      return { type: 'array', items: {} };
    case 'empty':
      return { type: 'object', additionalProperties: false };
    case 'wrapper': {
      const inner = schema.byName.get('value') as FieldSchema;
      return { anyOf: [components.single(inner), { type: 'null' }] };
    }
    case 'decimal':
      return components.direction === 'input'
        ? {
            // `pattern` applies to the string form only.
            type: ['number', 'string'],
            pattern: DECIMAL_PATTERN,
            description: 'An exact decimal: a JSON number (49.9) or a decimal string ("49.90"), no exponent.',
          }
        : { type: 'number', description: 'An exact decimal (stored as NUMERIC), answered as a JSON number.' };
    default:
      return {};
  }
}

/** Whether a message holds a google.type.Decimal, at any depth. */
function carriesDecimal(schema: MessageSchema, seen = new Set<MessageSchema>()): boolean {
  if (schema.wellKnown) return schema.wellKnown === 'decimal';
  if (seen.has(schema)) return false;
  seen.add(schema);
  return schema.fields.some((field) => field.type.kind === 'message' && carriesDecimal(field.type.schema, seen));
}

/** Every `code` a problem+json answer can carry: the platform's and the gateway's own. */
export const PROBLEM_CODES: readonly string[] = [...Object.values(ErrorCode), ...Object.values(GatewayErrorCode)];

function problemSchemas(): Record<string, Json> {
  return {
    Problem: {
      type: 'object',
      description: 'RFC 9457 problem details',
      required: ['type', 'title', 'status', 'detail', 'instance', 'code', 'requestId'],
      properties: {
        type: { type: 'string', format: 'uri-reference' },
        title: { type: 'string' },
        status: { type: 'integer' },
        detail: { type: 'string' },
        instance: { type: 'string' },
        code: { type: 'string', examples: [...PROBLEM_CODES] },
        requestId: { type: 'string' },
        errors: {
          type: 'array',
          description: 'For validation failures: each offending field (JSON name, `address.city`, `tags[2]`)',
          items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
        },
      },
    },
  };
}

/** The shared problem responses, by status: what each means, and the code an example carries. */
const PROBLEM_RESPONSES: Record<number, { name: string; description: string; code: string; headers?: Json }> = {
  400: {
    name: 'BadRequest',
    description: 'Invalid input: malformed JSON, wrong types, unknown fields, bad UUIDs, strings too long',
    code: ErrorCode.VALIDATION_FAILED,
  },
  401: {
    name: 'Unauthorized',
    description: 'Missing, invalid, expired or revoked access token; or wrong credentials, or a spent token or code in the body',
    code: ErrorCode.UNAUTHENTICATED,
    headers: { 'WWW-Authenticate': { schema: { type: 'string', const: 'Bearer' } } },
  },
  403: {
    name: 'Forbidden',
    description: 'The caller may not do this (auth level, organisation, authority, account status, or a platform setting)',
    code: ErrorCode.FORBIDDEN,
  },
  404: { name: 'NotFound', description: 'No such resource', code: ErrorCode.NOT_FOUND },
  405: {
    name: 'MethodNotAllowed',
    description: 'The path exists with other methods (listed in Allow)',
    code: GatewayErrorCode.METHOD_NOT_ALLOWED,
    headers: { Allow: { schema: { type: 'string' } } },
  },
  409: {
    name: 'Conflict',
    description: 'The change does not fit the current state: a duplicate, a transition not allowed, a full event',
    code: ErrorCode.CONFLICT,
  },
  410: { name: 'Gone', description: 'The invitation token was used, cancelled or has expired (the code says which)', code: ErrorCode.INVITATION_EXPIRED },
  413: {
    name: 'PayloadTooLarge',
    description: 'The request body or file is larger than the limit (1 MB by default), or past a storage quota',
    code: GatewayErrorCode.PAYLOAD_TOO_LARGE,
  },
  415: {
    name: 'UnsupportedMediaType',
    description: 'The request body is not application/json, or a file is of a type the route does not accept',
    code: GatewayErrorCode.UNSUPPORTED_MEDIA_TYPE,
  },
  416: { name: 'RangeNotSatisfiable', description: 'The range is outside the file', code: ErrorCode.RANGE_NOT_SATISFIABLE },
  423: {
    name: 'Locked',
    description: "Locked after too many failed attempts: the account at sign-in, or a code's tries (see Retry-After)",
    code: GatewayErrorCode.ACCOUNT_LOCKED,
    headers: retryAfter(),
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many requests of this kind from this address, or in all (an abuse limit), or too many codes tried (see Retry-After)',
    code: ErrorCode.RATE_LIMITED,
    headers: retryAfter(),
  },
  500: { name: 'InternalError', description: 'Unexpected error; quote the request id', code: ErrorCode.INTERNAL },
  503: {
    name: 'Unavailable',
    description:
      'The service behind this operation is not available (UNAVAILABLE), or a database, cache or message broker it needs is down (DEPENDENCY_UNAVAILABLE); try again after Retry-After',
    code: ErrorCode.UNAVAILABLE,
    headers: retryAfter(),
  },
  504: { name: 'GatewayTimeout', description: 'The service behind this operation did not answer in time', code: GatewayErrorCode.TIMEOUT },
};

function retryAfter(): Json {
  return { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } } };
}

function problemResponses(): Record<string, Json> {
  return Object.fromEntries(
    Object.values(PROBLEM_RESPONSES).map(({ name, description, code, headers }) => [
      name,
      {
        description,
        ...(headers ? { headers } : {}),
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' }, example: { type: problemTypeOf(code), code } } },
      },
    ]),
  );
}
