import { PlatformError } from '@platform/errors';
import type { FieldSchema } from '../protos/message-schema';
import { findField } from '../protos/message-schema';
import { resolveFieldPath, type Route } from '../routing/route-table';
import { InputDecoder, isPlainObject } from './json-input';
import { encodeField, encodeMessage } from './json-output';
import { fromText } from './text-input';

export interface RequestParts {
  /** Path variables, percent-decoded, by the name the template gives them. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body; undefined when the route takes none or none was sent. */
  body?: unknown;
}

/**
 * Builds the gRPC request of a route from the path, the query and the body, the way
 * google.api.http transcoding does:
 *  - `body: "*"`: the JSON body is the request message, and there are no query parameters;
 *  - `body: "<field>"`: the body fills that field, the query the others;
 *  - no body: the query fills every field the path does not bind.
 * Path variables win over the same field in the body. Unknown fields and parameters are errors.
 * Throws a VALIDATION_FAILED PlatformError listing every violation.
 */
export function transcodeRequest(route: Route, parts: RequestParts): Record<string, unknown> {
  const decoder = new InputDecoder();
  let message: Record<string, unknown> = {};

  if (route.body === '*') {
    const body = parts.body ?? {};
    if (!isPlainObject(body)) throw PlatformError.validation([], 'The request body must be a JSON object');
    message = (decoder.message(route.request, body, '') as Record<string, unknown> | undefined) ?? {};
  } else if (route.body !== '') {
    const field = findField(route.request, route.body) as FieldSchema;
    if (parts.body !== undefined && parts.body !== null) {
      const value = decoder.field(field, parts.body, field.jsonName, 0);
      if (value !== undefined) message[field.name] = value;
    }
  }

  for (const { variable, chain } of pathFieldsOf(route)) {
    const field = chain[chain.length - 1] as FieldSchema;
    const text = fromText(field, parts.params[variable] ?? '');
    if ('error' in text) {
      decoder.violations.push({ field: variable, message: text.error });
      continue;
    }
    const value = decoder.single(field, text.value, variable, 0);
    if (value !== undefined) setPath(message, chain, value);
  }

  const bound = new Set(route.template.variables);
  for (const key of new Set(parts.query.keys())) {
    const problem = queryProblem(route, key, bound);
    if (problem) {
      decoder.violations.push({ field: key, message: problem });
      continue;
    }
    const chain = resolveFieldPath(route.request, key) as FieldSchema[];
    const field = chain[chain.length - 1] as FieldSchema;
    const texts = parts.query.getAll(key);
    if (!field.repeated && texts.length > 1) {
      decoder.violations.push({ field: key, message: 'must be given once' });
      continue;
    }
    const values = texts.map((text, i) => {
      const converted = fromText(field, text);
      const at = field.repeated ? `${key}[${i}]` : key;
      if ('error' in converted) {
        decoder.violations.push({ field: at, message: converted.error });
        return undefined;
      }
      return decoder.single(field, converted.value, at, 0);
    });
    setPath(message, chain, field.repeated ? values : values[0]);
  }

  if (decoder.violations.length > 0) throw PlatformError.validation(decoder.violations, describe(decoder.violations));
  return message;
}

/** The REST body of a reply: the whole message, or the `response_body` field. */
export function transcodeReply(route: Route, reply: unknown): unknown {
  if (route.responseBody === '') return encodeMessage(route.response, reply);
  const field = findField(route.response, route.responseBody) as FieldSchema;
  const source = typeof reply === 'object' && reply !== null ? (reply as Record<string, unknown>) : {};
  return encodeField(field, source[field.name]);
}

/** The fields of a route's path variables, resolved once per route (the route table never changes). */
const pathFields = new WeakMap<Route, Array<{ variable: string; chain: FieldSchema[] }>>();

function pathFieldsOf(route: Route): Array<{ variable: string; chain: FieldSchema[] }> {
  let fields = pathFields.get(route);
  if (!fields) {
    fields = route.template.variables.map((variable) => ({ variable, chain: resolveFieldPath(route.request, variable) as FieldSchema[] }));
    pathFields.set(route, fields);
  }
  return fields;
}

function queryProblem(route: Route, key: string, bound: Set<string>): string | undefined {
  if (route.body === '*') return 'is not a known query parameter';
  const chain = resolveFieldPath(route.request, key);
  const field = chain?.[chain.length - 1];
  if (!chain || !field) return 'is not a known query parameter';
  if (bound.has(key) || route.template.variables.some((v) => sameField(route, v, chain))) return 'is set by the path';
  if (route.body !== '' && chain[0] === findField(route.request, route.body)) return 'is set by the body';
  if (field.mapKey || (field.type.kind === 'message' && !field.type.schema.wellKnown)) return 'cannot be given as a query parameter';
  return undefined;
}

function sameField(route: Route, variable: string, chain: FieldSchema[]): boolean {
  const other = pathFieldsOf(route).find((f) => f.variable === variable)?.chain;
  return !!other && other.length === chain.length && other.every((f, i) => f === chain[i]);
}

function setPath(target: Record<string, unknown>, chain: FieldSchema[], value: unknown): void {
  if (value === undefined) return;
  let node = target;
  chain.slice(0, -1).forEach((field) => {
    const next = node[field.name];
    if (isPlainObject(next)) node = next;
    else node = node[field.name] = {};
  });
  const last = chain[chain.length - 1] as FieldSchema;
  node[last.name] = value;
}

function describe(violations: { field: string; message: string }[]): string {
  const [first] = violations;
  if (violations.length === 1 && first) return `${first.field} ${first.message}`;
  return `${violations.length} fields are not valid: ${violations.map((v) => v.field).join(', ')}`;
}
