import type { EnumSchema, FieldSchema, MessageSchema, ScalarKind } from '../protos/message-schema';
import { DECIMAL_PATTERN, dictionary } from './json-input';

/**
 * proto-loader reply object → REST JSON. Every declared field is written (defaults included, so a
 * client sees `read: false` and `totalElements: 0`), under its JSON name; unset message, optional
 * and oneof fields are null. 64-bit integers are JSON numbers when they fit in a double exactly,
 * otherwise strings. Enums lose their type prefix; the zero `*_UNSPECIFIED` value is null.
 */
export function encodeMessage(schema: MessageSchema, value: unknown): unknown {
  return messageEncoder(schema)(value);
}

export function encodeField(field: FieldSchema, value: unknown): unknown {
  return fieldEncoder(field)(value);
}

// Each schema's encoder is built once, on its first reply, out of closures that each do one field's
// conversion: the per-field decisions (map, repeated, presence, kind, enum look-up) are taken then,
// not for every value of every reply (docs/decisions/0232-cpu-per-request.md).
type Encode = (value: unknown) => unknown;
const messageEncoders = new WeakMap<MessageSchema, Encode>();
const fieldEncoders = new WeakMap<FieldSchema, Encode>();
const NO_FIELDS: Record<string, unknown> = Object.freeze({});

function messageEncoder(schema: MessageSchema): Encode {
  let encode = messageEncoders.get(schema);
  if (encode) return encode;
  if (schema.wellKnown) {
    encode = (value) => encodeWellKnown(schema, value);
  } else {
    const { fields } = schema;
    let encoders: Encode[] | undefined; // on first use: a recursive message refers to itself
    encode = (value) => {
      encoders ??= fields.map(fieldEncoder);
      const source = isRecord(value) ? value : NO_FIELDS;
      const out: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i++) {
        const field = fields[i] as FieldSchema;
        out[field.jsonName] = (encoders[i] as Encode)(source[field.name]);
      }
      return out;
    };
  }
  messageEncoders.set(schema, encode);
  return encode;
}

function fieldEncoder(field: FieldSchema): Encode {
  let encode = fieldEncoders.get(field);
  if (encode) return encode;
  const single = singleEncoder(field);
  if (field.mapKey) {
    encode = (value) => {
      const out = dictionary();
      if (isRecord(value)) for (const [k, v] of Object.entries(value)) out[k] = single(v);
      return out;
    };
  } else if (field.repeated) {
    encode = (value) => (Array.isArray(value) ? value.map((v) => single(v)) : []);
  } else if (field.presence) {
    encode = (value) => (value === undefined || value === null ? null : single(value));
  } else {
    encode = (value) => single(value === null ? undefined : value);
  }
  fieldEncoders.set(field, encode);
  return encode;
}

function singleEncoder(field: FieldSchema): Encode {
  const type = field.type;
  switch (type.kind) {
    case 'message':
      return (value) => (value === undefined || value === null ? null : messageEncoder(type.schema)(value));
    case 'enum':
      return enumEncoder(type.schema);
    case 'scalar':
      return (value) => encodeScalar(type.scalar, value);
    default: {
      const unreachable: never = type;
      throw new Error(`unknown field type ${JSON.stringify(unreachable)}`);
    }
  }
}

/** An enum value by proto name or number (the first declared wins, as a linear search would find it), without the type prefix; the zero `*_UNSPECIFIED` is null. */
function enumEncoder(schema: EnumSchema): Encode {
  const rendered = new Map<unknown, string | null>();
  for (const v of schema.values) {
    const json = v.unspecified ? null : v.jsonName;
    if (!rendered.has(v.name)) rendered.set(v.name, json);
    if (!rendered.has(v.number)) rendered.set(v.number, json);
  }
  return (value) => {
    const json = rendered.get(value);
    return json !== undefined ? json : (value ?? null);
  };
}

function encodeScalar(kind: ScalarKind, value: unknown): unknown {
  switch (kind) {
    case 'int64':
    case 'uint64':
    case 'sint64':
    case 'fixed64':
    case 'sfixed64': {
      if (value === undefined || value === null) return 0;
      const asNumber = Number(value);
      return Number.isSafeInteger(asNumber) ? asNumber : String(value);
    }
    case 'double':
    case 'float':
      if (typeof value !== 'number') return 0;
      return Number.isFinite(value) ? value : String(value);
    case 'bytes':
      return Buffer.isBuffer(value) || value instanceof Uint8Array ? Buffer.from(value).toString('base64') : '';
    case 'bool':
      return value === true;
    case 'string':
      return typeof value === 'string' ? value : '';
    case 'int32':
    case 'uint32':
    case 'sint32':
    case 'fixed32':
    case 'sfixed32':
      return typeof value === 'number' ? value : 0;
    default: {
      const unreachable: never = kind;
      throw new Error(`unknown scalar ${String(unreachable)}`);
    }
  }
}

function encodeWellKnown(schema: MessageSchema, value: unknown): unknown {
  const source = isRecord(value) ? value : {};
  switch (schema.wellKnown) {
    case 'timestamp':
      return timestampToIso(Number(source['seconds'] ?? 0), Number(source['nanos'] ?? 0));
    case 'duration': {
      const seconds = Number(source['seconds'] ?? 0);
      const nanos = Number(source['nanos'] ?? 0);
      const sign = seconds < 0 || nanos < 0 ? '-' : '';
      const frac = nanos === 0 ? '' : `.${String(Math.abs(nanos)).padStart(9, '0').replace(/0+$/, '')}`;
      return `${sign}${Math.abs(seconds)}${frac}s`;
    }
    case 'struct':
      return structToJson(source);
    case 'value':
      return valueToJson(source);
    case 'list-value':
      return Array.isArray(source['values']) ? source['values'].map(valueToJson) : [];
    case 'empty':
      return {};
    case 'wrapper': {
      const inner = schema.byName.get('value');
      return inner && inner.type.kind === 'scalar' ? encodeScalar(inner.type.scalar, source['value']) : null;
    }
    case 'decimal':
      return decimalToJson(source['value']);
    case undefined:
      throw new Error(`${schema.fullName} is not a well-known type`);
    default: {
      const unreachable: never = schema.wellKnown;
      throw new Error(`unknown well-known type ${String(unreachable)}`);
    }
  }
}

const DECIMAL = new RegExp(DECIMAL_PATTERN);

/**
 * A decimal as a JSON number. Services answer at most 13 significant digits (NUMERIC(13,3)), which
 * a double holds exactly: JSON.stringify writes back the same digits ("49.90" → 49.9). Text that is
 * not a decimal (a service's bug) is null rather than a made-up number.
 */
function decimalToJson(value: unknown): number | null {
  return typeof value === 'string' && DECIMAL.test(value) ? Number(value) : null;
}

export function timestampToIso(seconds: number, nanos: number): string {
  const iso = new Date(seconds * 1000).toISOString(); // 2024-05-01T10:00:00.000Z
  if (nanos % 1_000_000 === 0) return iso.replace('.000Z', `.${String(nanos / 1_000_000).padStart(3, '0')}Z`);
  return iso.replace(/\.\d{3}Z$/, `.${String(nanos).padStart(9, '0')}Z`);
}

function structToJson(struct: Record<string, unknown>): Record<string, unknown> {
  const out = dictionary();
  const fields = isRecord(struct['fields']) ? struct['fields'] : {};
  for (const [key, value] of Object.entries(fields)) out[key] = valueToJson(value);
  return out;
}

function valueToJson(value: unknown): unknown {
  if (!isRecord(value)) return null;
  const kind = typeof value['kind'] === 'string' ? value['kind'] : Object.keys(value).find((k) => k.endsWith('Value'));
  switch (kind) {
    case 'numberValue':
    case 'stringValue':
    case 'boolValue':
      return value[kind];
    case 'structValue':
      return structToJson(isRecord(value['structValue']) ? value['structValue'] : {});
    case 'listValue': {
      const list = isRecord(value['listValue']) ? value['listValue'] : {};
      return Array.isArray(list['values']) ? list['values'].map(valueToJson) : [];
    }
    default:
      return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
