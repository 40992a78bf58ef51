type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
/** How deep into nested response objects fields are compared (the platform's replies nest 3 or 4). */
const MAX_DEPTH = 6;

/**
 * What a client written against `released` would break on in `current`, one line each:
 * an operation removed, a parameter or request field made newly required, a field of a success
 * response removed, or a response field's type or enum narrowed. Additions never break.
 */
export function breakingChanges(released: Json, current: Json): string[] {
  const changes: string[] = [];
  const releasedPaths = (released['paths'] ?? {}) as Record<string, Json>;
  const currentPaths = (current['paths'] ?? {}) as Record<string, Json>;
  for (const [path, releasedItem] of Object.entries(releasedPaths)) {
    for (const method of METHODS) {
      const before = releasedItem[method] as Json | undefined;
      if (!before) continue;
      const op = `${method.toUpperCase()} ${path}`;
      const after = currentPaths[path]?.[method] as Json | undefined;
      if (!after) {
        changes.push(`removed operation ${op}`);
        continue;
      }
      for (const name of newlyRequiredParameters(before, after)) changes.push(`new required parameter ${op} ${name}`);
      const requestBefore = jsonSchemaOf((before['requestBody'] as Json | undefined)?.['content'], released);
      const requestAfter = jsonSchemaOf((after['requestBody'] as Json | undefined)?.['content'], current);
      for (const field of newlyRequired(requestBefore, requestAfter)) changes.push(`new required request field ${op} ${field}`);
      const responsesBefore = (before['responses'] ?? {}) as Record<string, Json>;
      const responsesAfter = (after['responses'] ?? {}) as Record<string, Json>;
      for (const [status, response] of Object.entries(responsesBefore)) {
        if (!/^2\d\d$/.test(status)) continue;
        const schemaBefore = jsonSchemaOf(response['content'], released);
        if (!schemaBefore) continue;
        if (!responsesAfter[status]) {
          changes.push(`removed response ${op} ${status}`);
          continue;
        }
        compareSchemas(schemaBefore, released, jsonSchemaOf(responsesAfter[status]['content'], current) ?? {}, current, `${op} ${status}`, '', 0, changes);
      }
    }
  }
  return changes;
}

function jsonSchemaOf(content: unknown, doc: Json): Json | undefined {
  const schema = ((content as Record<string, Json> | undefined)?.['application/json'] as Json | undefined)?.['schema'] as Json | undefined;
  return schema && resolve(schema, doc);
}

/** Follows `$ref`s into the document's components. */
function resolve(schema: Json, doc: Json, seen = new Set<string>()): Json {
  const ref = schema['$ref'];
  if (typeof ref !== 'string' || !ref.startsWith('#/') || seen.has(ref)) return schema;
  seen.add(ref);
  let target: unknown = doc;
  for (const part of ref.slice(2).split('/')) target = (target as Json | undefined)?.[part];
  return target && typeof target === 'object' ? resolve(target as Json, doc, seen) : schema;
}

/** A schema's types, `anyOf`/`oneOf` and nullable unions flattened (`['string', 'null']`). */
function typesOf(schema: Json, doc: Json): Set<string> {
  const s = resolve(schema, doc);
  const union = (s['anyOf'] ?? s['oneOf']) as Json[] | undefined;
  if (union) return new Set(union.flatMap((member) => [...typesOf(member, doc)]));
  const type = s['type'];
  if (Array.isArray(type)) return new Set(type.map(String));
  if (typeof type === 'string') return new Set([type]);
  return new Set(['any']);
}

function compareSchemas(before: Json, releasedDoc: Json, after: Json, currentDoc: Json, where: string, field: string, depth: number, out: string[]): void {
  if (depth > MAX_DEPTH) return;
  const b = resolve(before, releasedDoc);
  const a = resolve(after, currentDoc);
  const typesBefore = typesOf(b, releasedDoc);
  const typesAfter = typesOf(a, currentDoc);
  const label = field === '' ? 'the body' : field;
  if (!typesAfter.has('any') && [...typesBefore].some((t) => t !== 'any' && !typesAfter.has(t) && !(t === 'integer' && typesAfter.has('number')))) {
    out.push(`narrowed type ${where} ${label}: ${[...typesBefore].join('|')} → ${[...typesAfter].join('|')}`);
    return;
  }
  const enumBefore = b['enum'] as unknown[] | undefined;
  const enumAfter = a['enum'] as unknown[] | undefined;
  if (enumBefore && enumAfter) {
    const missing = enumBefore.filter((value) => !enumAfter.includes(value));
    if (missing.length > 0) out.push(`narrowed enum ${where} ${label}: ${missing.join(', ')} no longer answered`);
  }
  if (b['type'] === 'array' && b['items'] && a['items']) {
    compareSchemas(b['items'] as Json, releasedDoc, a['items'] as Json, currentDoc, where, `${field}[]`, depth + 1, out);
  }
  const propsBefore = (b['properties'] ?? {}) as Record<string, Json>;
  const propsAfter = (a['properties'] ?? {}) as Record<string, Json>;
  for (const [name, schema] of Object.entries(propsBefore)) {
    const path = field === '' ? name : `${field}.${name}`;
    if (!propsAfter[name]) out.push(`removed field ${where} ${path}`);
    else compareSchemas(schema, releasedDoc, propsAfter[name], currentDoc, where, path, depth + 1, out);
  }
}

function newlyRequired(before: Json | undefined, after: Json | undefined): string[] {
  const was = new Set((before?.['required'] as string[] | undefined) ?? []);
  return ((after?.['required'] as string[] | undefined) ?? []).filter((name) => !was.has(name));
}

function newlyRequiredParameters(before: Json, after: Json): string[] {
  const key = (p: Json) => `${String(p['in'])}:${String(p['name'])}`;
  const was = new Set(((before['parameters'] as Json[] | undefined) ?? []).filter((p) => p['required'] === true).map(key));
  return ((after['parameters'] as Json[] | undefined) ?? [])
    .filter((p) => p['required'] === true && !was.has(key(p)))
    .map((p) => `${String(p['in'])} ${String(p['name'])}`);
}

/**
 * The breaking changes the changelog does not acknowledge. A change is acknowledged by a line
 * `- BREAKING: <the change as reported>` in the changelog (apps/gateway/openapi/CHANGELOG.md).
 */
export function unacknowledged(changes: string[], changelog: string): string[] {
  const acknowledged = new Set(
    changelog
      .split('\n')
      .map((line) => /^\s*-\s*BREAKING:\s*(.+?)\s*$/.exec(line)?.[1])
      .filter((line): line is string => line !== undefined),
  );
  return changes.filter((change) => !acknowledged.has(change));
}
