import { AbuseLimits } from '../limits/abuse-limits';
import { ErrorCode } from '@platform/errors';
import { isUuidField, maxLengthOf } from '../protos/field-rules';
import type { FieldSchema, MessageSchema, ScalarKind } from '../protos/message-schema';
import { findField } from '../protos/message-schema';
import { GatewayErrorCode, problemTypeOf } from '../http/problem';
import { type Route, type RouteTable, resolveFieldPath } from '../routing/route-table';

type Json = Record<string, unknown>;

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

/** The platform document's info block (served at /api/docs/openapi.json, written as dist/openapi.json). */
export const API_INFO: OpenApiInfo = { title: 'Association platform API', version: '1' };

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
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { ...components.schemas, ...problemSchemas() },
      responses: problemResponses(),
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
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
    tags: [route.service.fullName.slice(route.service.fullName.lastIndexOf('.') + 1)],
    summary: summary?.trim() || route.rpc.name,
    description,
    security: access.auth === 'public' ? [] : [{ bearerAuth: [] }],
    'x-platform-access': { auth: access.auth, authority: access.authority, orgParam: route.orgParam, loginLockout: access.loginLockout || undefined },
    'x-grpc-method': route.rpc.path,
  };
  const parameters = [...pathParameters(route, components), ...queryParameters(route, components), ...headerParameters(route)];
  if (parameters.length > 0) op['parameters'] = parameters;
  const body = requestBody(route, components);
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
    '416': { $ref: '#/components/responses/BadRequest', description: 'The range is outside the file' },
  };
}

function responses(route: Route, components: SchemaComponents): Json {
  const status = route.access.successStatus;
  const success: Json = { description: status === 201 ? 'Created' : status === 204 ? 'No content' : 'OK' };
  if (route.download) {
    return {
      ...downloadResponses(),
      '400': { $ref: '#/components/responses/BadRequest' },
      '403': { $ref: '#/components/responses/Forbidden' },
      '404': { $ref: '#/components/responses/NotFound' },
      '500': { $ref: '#/components/responses/InternalError' },
      '503': { $ref: '#/components/responses/Unavailable' },
    };
  }
  if (status !== 204) {
    const schema = route.responseBody === '' ? components.ref(route.response) : components.field(findField(route.response, route.responseBody) as FieldSchema);
    success['content'] = { 'application/json': { schema } };
  }
  if (status === 201 && route.locationFromId) {
    success['headers'] = { Location: { description: 'Where the created resource can be read', schema: { type: 'string' } } };
  }
  const out: Json = { [String(status)]: success, '400': { $ref: '#/components/responses/BadRequest' } };
  if (route.access.auth !== 'public') {
    out['401'] = { $ref: '#/components/responses/Unauthorized' };
    out['403'] = { $ref: '#/components/responses/Forbidden' };
  }
  if (route.template.variables.length > 0) out['404'] = { $ref: '#/components/responses/NotFound' };
  if (route.body !== '' || route.upload) {
    out['413'] = { $ref: '#/components/responses/PayloadTooLarge' };
    out['415'] = { $ref: '#/components/responses/UnsupportedMediaType' };
  }
  if (route.access.loginLockout) {
    out['401'] = { $ref: '#/components/responses/Unauthorized' };
    out['403'] = { $ref: '#/components/responses/Forbidden' };
    out['423'] = { $ref: '#/components/responses/Locked' };
  }
  if (route.access.loginLockout || AbuseLimits.limitOf(route)) out['429'] = { $ref: '#/components/responses/TooManyRequests' };
  out['500'] = { $ref: '#/components/responses/InternalError' };
  out['503'] = { $ref: '#/components/responses/Unavailable' };
  return out;
}

/** JSON Schemas of messages, registered once each under their full proto name. */
class SchemaComponents {
  readonly schemas: Record<string, Json> = {};

  ref(schema: MessageSchema): Json {
    if (schema.wellKnown) return wellKnownSchema(schema, this);
    if (!this.schemas[schema.fullName]) {
      this.schemas[schema.fullName] = {}; // placeholder: recursive messages refer to themselves
      this.schemas[schema.fullName] = this.inline(schema, new Set());
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
    default:
      return {};
  }
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

function problemResponses(): Record<string, Json> {
  const problem = (description: string, code: string): Json => ({
    description,
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' }, example: { type: problemTypeOf(code), code } } },
  });
  return {
    BadRequest: problem('Invalid input: malformed JSON, wrong types, unknown fields, bad UUIDs, strings too long', ErrorCode.VALIDATION_FAILED),
    Unauthorized: problem('Missing, invalid, expired or revoked access token; or wrong credentials at login', ErrorCode.UNAUTHENTICATED),
    Forbidden: problem('The caller may not do this (auth level, organisation, authority, or account status)', ErrorCode.FORBIDDEN),
    NotFound: problem('No such resource', ErrorCode.NOT_FOUND),
    PayloadTooLarge: problem('The request body is larger than the limit (1 MB by default)', GatewayErrorCode.PAYLOAD_TOO_LARGE),
    UnsupportedMediaType: problem('The request body is not application/json', GatewayErrorCode.UNSUPPORTED_MEDIA_TYPE),
    Locked: problem('The account is locked after too many failed sign-in attempts (see Retry-After)', GatewayErrorCode.ACCOUNT_LOCKED),
    TooManyRequests: problem('Too many requests of this kind from this address, or in all (an abuse limit; see Retry-After)', ErrorCode.RATE_LIMITED),
    InternalError: problem('Unexpected error; quote the request id', ErrorCode.INTERNAL),
    Unavailable: problem('The service behind this operation is not available', ErrorCode.UNAVAILABLE),
  };
}
