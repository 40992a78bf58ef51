import {
  EXAMPLE_MONEY,
  FORMAT_VALUES,
  NOTIFICATION_DATA,
  NULL_IN_RESPONSES,
  OMIT_IN_REQUESTS,
  TRUE_BOOLEANS,
  documentedValue,
  integerFor,
  isMoney,
  stringFor,
} from './example-values';

type Json = Record<string, unknown>;

/** Where a value goes: the property's name, its message's short name and the property's documentation. */
interface Place {
  name: string;
  parent: string;
  description: string;
  /** A response: optional values that are usually absent (`challengeToken`, `cancelledAt`) are null. */
  response: boolean;
  /** The components being filled, outermost first: a message met again inside itself (replies) stays empty. */
  path: readonly string[];
}

/**
 * Example bodies generated from an OpenAPI document's own schemas: each property gets a value by its
 * name and type (example-values.ts), so nothing is written per route and an example cannot drift
 * from its schema. examples.spec.ts validates every example against the schema it illustrates.
 */
export class ExampleGenerator {
  constructor(private readonly document: Json) {}

  /** An example of a request body (`response` false) or a response body of the operation `operationId`. */
  of(schema: Json, operationId: string, response: boolean): unknown {
    return this.example(schema, { name: '', parent: operationId, description: '', response, path: [] });
  }

  private example(schema: Json, place: Place): unknown {
    const described = typeof schema['description'] === 'string' && schema['description'] !== '';
    const here = described ? { ...place, description: schema['description'] as string } : place;
    const ref = schema['$ref'];
    if (typeof ref === 'string') {
      const target = this.resolve(ref);
      if (place.path.includes(ref)) return typesOf(target).includes('array') ? [] : {};
      return this.example(target, { ...here, parent: shortName(ref), path: [...place.path, ref] });
    }
    if ('const' in schema) return schema['const'];
    const union = (schema['anyOf'] ?? schema['oneOf']) as Json[] | undefined;
    if (union) {
      const nullable = union.some((member) => member['type'] === 'null');
      if (nullable && place.response && NULL_IN_RESPONSES.has(place.name)) return null;
      // Otherwise the first member that is not null: an example shows the value, not its absence.
      return this.example(union.find((member) => member['type'] !== 'null') ?? union[0] ?? {}, here);
    }
    const values = schema['enum'] as unknown[] | undefined;
    if (values?.length) return values[0];
    const types = typesOf(schema);
    if (types.includes('object') || schema['properties']) return this.object(schema, here);
    if (types.includes('array')) {
      const items = (schema['items'] as Json | undefined) ?? {};
      return place.path.includes(items['$ref'] as string) ? [] : [this.example(items, here)];
    }
    if (types.includes('number') && isMoney(place.name)) return EXAMPLE_MONEY;
    if (types.includes('integer') || types.includes('number')) return withinBounds(integerFor(place.name), schema);
    if (types.includes('boolean')) return TRUE_BOOLEANS.has(place.name);
    if (types.includes('string')) return stringExample(schema, here);
    return anyExample(here);
  }

  private object(schema: Json, place: Place): Json {
    const properties = (schema['properties'] ?? {}) as Record<string, Json>;
    // A map or a free-form object (google.protobuf.Struct): a notification's data has a known shape.
    if (Object.keys(properties).length === 0) return place.name === 'data' ? { ...NOTIFICATION_DATA } : {};
    const out: Json = {};
    for (const [name, property] of Object.entries(properties)) {
      if (!place.response && OMIT_IN_REQUESTS.some((rule) => rule.test(name, place.parent))) continue;
      out[name] = this.example(property, { ...place, name, description: '' });
    }
    return out;
  }

  private resolve(ref: string): Json {
    let target: unknown = this.document;
    for (const part of ref.replace(/^#\//, '').split('/')) target = (target as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (!target || typeof target !== 'object') throw new Error(`unresolved ${ref}`);
    return target as Json;
  }
}

/**
 * Sets an `example` on every request body (JSON or multipart) and every JSON success response of
 * the document. A multipart example lists the file last, as the form must send it.
 */
export function addExamples(document: Json): Json {
  const generator = new ExampleGenerator(document);
  for (const item of Object.values((document['paths'] ?? {}) as Record<string, Record<string, Json>>)) {
    for (const operation of Object.values(item)) {
      const operationId = String(operation['operationId'] ?? '');
      const body = operation['requestBody'] as Json | undefined;
      for (const [type, media] of Object.entries((body?.['content'] ?? {}) as Record<string, Json>)) {
        const example = generator.of(media['schema'] as Json, operationId, false);
        media['example'] = type === 'multipart/form-data' ? fileLast(example as Json, media['encoding'] as Json | undefined) : example;
      }
      for (const [status, response] of Object.entries((operation['responses'] ?? {}) as Record<string, Json>)) {
        const media = (response['content'] as Record<string, Json> | undefined)?.['application/json'];
        if (/^2\d\d$/.test(status) && media) media['example'] = generator.of(media['schema'] as Json, operationId, true);
      }
    }
  }
  return document;
}

function fileLast(example: Json, encoding: Json | undefined): Json {
  const files = new Set(Object.keys(encoding ?? {}));
  const entries = Object.entries(example);
  return Object.fromEntries([...entries.filter(([key]) => !files.has(key)), ...entries.filter(([key]) => files.has(key))]);
}

function typesOf(schema: Json): string[] {
  const type = schema['type'];
  if (Array.isArray(type)) return type.map(String);
  return typeof type === 'string' ? [type] : [];
}

/** `#/components/schemas/platform.content.v1.Comment` → `Comment`. */
function shortName(ref: string): string {
  const last = ref.slice(ref.lastIndexOf('/') + 1);
  return last.slice(last.lastIndexOf('.') + 1);
}

function withinBounds(value: number, schema: Json): number {
  const minimum = typeof schema['minimum'] === 'number' ? schema['minimum'] : -Infinity;
  const maximum = typeof schema['maximum'] === 'number' ? schema['maximum'] : Infinity;
  return Math.min(Math.max(value, minimum), maximum);
}

/** A schema that allows any JSON value (google.protobuf.Value): what the name suggests, else null. */
function anyExample(place: Place): unknown {
  if (place.name === 'data') return { ...NOTIFICATION_DATA };
  if (isMoney(place.name)) return EXAMPLE_MONEY;
  return documentedValue(place.description) ?? stringFor(place.name, place.parent) ?? null;
}

/** By format, then the values the field's comment lists, then by name; else the name in words. */
function stringExample(schema: Json, place: Place): string {
  if (schema['contentMediaType']) return '(the file)';
  if (schema['contentEncoding'] === 'base64') return 'aGVsbG8=';
  const format = typeof schema['format'] === 'string' ? FORMAT_VALUES[schema['format']] : undefined;
  const candidates = [format, documentedValue(place.description), stringFor(place.name, place.parent), words(place.name)];
  const pattern = typeof schema['pattern'] === 'string' ? new RegExp(schema['pattern'], 'u') : undefined;
  const value = candidates.find((candidate): candidate is string => candidate !== undefined && (!pattern || pattern.test(candidate))) ?? '';
  return typeof schema['maxLength'] === 'number' ? value.slice(0, schema['maxLength']) : value;
}

/** A readable stand-in for a string no rule names: `providerReference` → "provider reference". */
function words(name: string): string {
  return name
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}
