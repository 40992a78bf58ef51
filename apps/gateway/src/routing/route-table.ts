import { type FieldSchema, type MessageSchema, SchemaRegistry, findField } from '../protos/message-schema';
import type { ProtoSource } from '../protos/proto-source';
import type { RpcMethod } from '../protos/rpc-methods';
import { type RouteAccess, readAccessOption } from './access-option';
import { type HttpBinding, httpBindings } from './http-rule';
import { type PathTemplate, extractVariables, parsePathTemplate, splitRequestPath } from './path-template';
import { envNameOf, serviceAddress, serviceKeyOf } from './service-addresses';

export type HttpMethod = HttpBinding['method'];

/** One REST operation: a binding of an RPC with everything needed to serve it. */
export interface Route {
  /** `IdentityService.OrgLogin`, with `#<n>` for the n-th additional binding. */
  id: string;
  /** Unique, for OpenAPI: `IdentityService_OrgLogin`, `IdentityService_RefreshTokens_2`. */
  operationId: string;
  httpMethod: HttpMethod;
  template: PathTemplate;
  /** '' (no body), '*' or the request field the JSON body fills. */
  body: string;
  /** '' or the reply field rendered as the response body. */
  responseBody: string;
  access: RouteAccess;
  /** The path variable holding the organisation id (from the option, else by convention). */
  orgParam?: string;
  service: { fullName: string; key?: string; envName?: string; address?: string };
  rpc: { name: string; path: string; definition: RpcMethod };
  request: MessageSchema;
  response: MessageSchema;
  /** 201 routes whose resource can be read at `<path>/{id}`: the reply's `id` goes in Location. */
  locationFromId: boolean;
  description?: string;
  /** A multipart upload (client-streaming RPC): the file field, the limit and the `fields` message. */
  upload?: { fileField: string; maxBytes: number; fields: MessageSchema };
  /** A download (server-streaming RPC of platform.files.v1.FileChunk): the reply is the file. */
  download: boolean;
}

export type RouteMatch =
  { kind: 'found'; route: Route; params: Record<string, string> } | { kind: 'method-not-allowed'; allowed: HttpMethod[] } | { kind: 'not-found' };

interface Node {
  literals: Map<string, Node>;
  variable?: Node;
  rest?: Node;
  routes: Map<HttpMethod, Route>;
}

const newNode = (): Node => ({ literals: new Map(), routes: new Map() });

/** Conventional organisation path variables, used when the option names none. */
const ORG_PARAMS = ['organizationId', 'orgId', 'organization_id', 'org_id'];

/**
 * The REST route table, built from the descriptors at start. Matching is by path first: at each
 * segment a literal beats a variable, which beats a trailing `**`, so `/api/orgs/health` never
 * reaches `/api/orgs/{id}`. A path that matches with another method is a 405, never a fall-through
 * to a less specific template.
 */
export class RouteTable {
  private readonly root = newNode();

  private constructor(readonly routes: readonly Route[]) {
    for (const route of routes) this.insert(route);
  }

  static fromProtos(source: ProtoSource, serviceUrls: Readonly<Record<string, string>> = {}): RouteTable {
    const schemas = new SchemaRegistry();
    const routes: Route[] = [];
    for (const [serviceName, entry] of Object.entries(source.definition)) {
      const service = source.root.lookupService(serviceName);
      const key = serviceKeyOf(serviceName);
      for (const [methodName, definition] of Object.entries(entry)) {
        const options = (definition.options ?? {}) as Record<string, unknown>;
        const rule = options['(google.api.http)'];
        if (rule === undefined) continue; // internal RPC
        const where = `${serviceName}.${methodName}`;
        const access = readAccessOption(options['(platform.options.v1.access)'], where);
        const method = service.methods[methodName];
        if (!method?.resolvedRequestType || !method.resolvedResponseType) throw new Error(`${where}: types not resolved`);
        const request = schemas.message(method.resolvedRequestType);
        const response = schemas.message(method.resolvedResponseType);
        const streaming = streamingOf(definition, access, request, response, where);
        const email = request.byName.get('email');
        if (access.loginLockout && (email?.type.kind !== 'scalar' || email.type.scalar !== 'string' || email.repeated)) {
          throw new Error(`${where}: login_lockout needs a string field 'email' in ${request.fullName}`);
        }
        const shortService = serviceName.slice(serviceName.lastIndexOf('.') + 1);
        httpBindings(rule, where).forEach((binding, index) => {
          const template = parsePathTemplate(binding.path);
          const bindingWhere = `${where} (${binding.method} ${binding.path})`;
          checkBinding(binding, template, streaming.upload?.fields ?? request, response, bindingWhere);
          routes.push({
            id: index === 0 ? `${shortService}.${methodName}` : `${shortService}.${methodName}#${index}`,
            operationId: index === 0 ? `${shortService}_${methodName}` : `${shortService}_${methodName}_${index + 1}`,
            httpMethod: binding.method,
            template,
            body: binding.body,
            responseBody: binding.responseBody,
            access,
            orgParam: orgParamOf(access, template, bindingWhere),
            service: {
              fullName: serviceName,
              key,
              envName: key ? envNameOf(key) : undefined,
              address: key ? serviceAddress(key, serviceUrls) : undefined,
            },
            rpc: { name: methodName, path: definition.path, definition },
            request,
            response,
            locationFromId: false,
            description: method.comment ?? undefined,
            ...streaming,
          });
        });
      }
    }
    for (const route of routes) {
      route.locationFromId =
        route.access.successStatus === 201 &&
        route.response.byName.has('id') &&
        routes.some((r) => r.httpMethod === 'GET' && r.template.shape === `${route.template.shape === '/' ? '' : route.template.shape}/*`);
    }
    return new RouteTable(routes);
  }

  match(method: string, path: string): RouteMatch {
    const segments = splitRequestPath(path);
    if (!segments) return { kind: 'not-found' };
    const node = find(this.root, segments, 0);
    if (!node) return { kind: 'not-found' };
    const route = node.routes.get(method.toUpperCase() as HttpMethod);
    if (!route) return { kind: 'method-not-allowed', allowed: [...node.routes.keys()] };
    return { kind: 'found', route, params: extractVariables(route.template, segments) };
  }

  private insert(route: Route): void {
    let node = this.root;
    for (const segment of route.template.segments) {
      if (segment.kind === 'literal') {
        let next = node.literals.get(segment.value);
        if (!next) node.literals.set(segment.value, (next = newNode()));
        node = next;
      } else if (segment.kind === 'variable') {
        node = node.variable ??= newNode();
      } else {
        node = node.rest ??= newNode();
      }
    }
    const existing = node.routes.get(route.httpMethod);
    if (existing) {
      throw new Error(`${route.httpMethod} ${route.template.source} of ${route.id} conflicts with ${existing.template.source} of ${existing.id}`);
    }
    node.routes.set(route.httpMethod, route);
  }
}

function find(node: Node, segments: string[], index: number): Node | undefined {
  if (index === segments.length) return node.routes.size > 0 ? node : undefined;
  const segment = segments[index] ?? '';
  const literal = node.literals.get(segment);
  const viaLiteral = literal && find(literal, segments, index + 1);
  if (viaLiteral) return viaLiteral;
  if (segment !== '' && node.variable) {
    const viaVariable = find(node.variable, segments, index + 1);
    if (viaVariable) return viaVariable;
  }
  if (node.rest && node.rest.routes.size > 0 && segments.slice(index).every((s) => s !== '')) return node.rest;
  return undefined;
}

/**
 * The streaming shape of an RPC exposed over REST: a client-streaming RPC must carry the upload
 * option and a request `oneof` of a message `fields` and a bytes `chunk`; a server-streaming one
 * must answer platform.files.v1.FileChunk. Anything else streaming cannot be exposed.
 */
function streamingOf(
  definition: RpcMethod,
  access: RouteAccess,
  request: MessageSchema,
  response: MessageSchema,
  where: string,
): Pick<Route, 'upload' | 'download'> {
  if (definition.requestStream && definition.responseStream) throw new Error(`${where}: bidirectional streaming RPCs cannot be exposed over REST`);
  if (access.upload && !definition.requestStream) throw new Error(`${where}: an upload route must be a client-streaming RPC`);
  if (definition.requestStream) {
    if (!access.upload) throw new Error(`${where}: a client-streaming RPC is exposed only as an upload (the access option's upload)`);
    const fields = request.byName.get('fields');
    const chunk = request.byName.get('chunk');
    if (
      fields?.type.kind !== 'message' ||
      fields.repeated ||
      chunk?.type.kind !== 'scalar' ||
      chunk.type.scalar !== 'bytes' ||
      !fields.oneof ||
      fields.oneof !== chunk.oneof
    ) {
      throw new Error(`${where}: an upload's request must be a oneof of a message 'fields' and bytes 'chunk'`);
    }
    return { upload: { ...access.upload, fields: fields.type.schema }, download: false };
  }
  if (definition.responseStream) {
    if (response.fullName.replace(/^\./, '') !== 'platform.files.v1.FileChunk')
      throw new Error(`${where}: a server-streaming RPC is exposed only as a download of platform.files.v1.FileChunk`);
    return { download: true };
  }
  return { download: false };
}

/** Resolves a dotted field path (`org.id`, `organization_id`) in a message. */
export function resolveFieldPath(schema: MessageSchema, path: string): FieldSchema[] | undefined {
  const chain: FieldSchema[] = [];
  let current: MessageSchema | undefined = schema;
  for (const part of path.split('.')) {
    const field: FieldSchema | undefined = current ? findField(current, part) : undefined;
    if (!field) return undefined;
    chain.push(field);
    current = field.type.kind === 'message' && !field.repeated && !field.mapKey ? field.type.schema : undefined;
  }
  return chain;
}

function checkBinding(binding: HttpBinding, template: PathTemplate, request: MessageSchema, response: MessageSchema, where: string): void {
  for (const variable of template.variables) {
    const chain = resolveFieldPath(request, variable);
    const last = chain?.[chain.length - 1];
    if (!last) throw new Error(`${where}: path variable {${variable}} is not a field of ${request.fullName}`);
    if (last.repeated || last.mapKey || last.type.kind === 'message') {
      throw new Error(`${where}: path variable {${variable}} must be a single scalar or enum field`);
    }
  }
  if (binding.body !== '' && binding.body !== '*') {
    const field = findField(request, binding.body);
    if (!field || (field.type.kind !== 'message' && !field.repeated)) {
      throw new Error(`${where}: body '${binding.body}' is not a message or repeated field of ${request.fullName}`);
    }
  }
  if (binding.responseBody !== '' && !findField(response, binding.responseBody)) {
    throw new Error(`${where}: response_body '${binding.responseBody}' is not a field of ${response.fullName}`);
  }
}

function orgParamOf(access: RouteAccess, template: PathTemplate, where: string): string | undefined {
  if (access.orgParam) {
    if (!template.variables.includes(access.orgParam)) {
      throw new Error(`${where}: org_param '${access.orgParam}' is not a variable of the path`);
    }
    return access.orgParam;
  }
  const conventional = ORG_PARAMS.find((p) => template.variables.includes(p));
  if (conventional) return conventional;
  const [first, second, third] = template.segments;
  if (
    first?.kind === 'literal' &&
    first.value === 'api' &&
    second?.kind === 'literal' &&
    second.value === 'orgs' &&
    third?.kind === 'variable' &&
    third.field === 'id'
  ) {
    return 'id';
  }
  return undefined;
}
