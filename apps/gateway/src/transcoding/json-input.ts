import { canonicalDecimal, plainDecimal, type FieldViolation } from '@platform/errors';
import { isUuid, isUuidField, maxLengthOf } from '../protos/field-rules';
import type { EnumSchema, FieldSchema, MessageSchema, ScalarKind } from '../protos/message-schema';

/**
 * REST JSON → proto-loader request object, validated strictly against the message schema. Every
 * problem is collected as a field violation (JSON names, `address.city`, `tags[2]`) rather than
 * stopping at the first, so a client sees everything that is wrong at once. Null means unset.
 */
export class InputDecoder {
  readonly violations: FieldViolation[] = [];

  constructor(private readonly limits: { maxRepeated: number; maxDepth: number } = { maxRepeated: 1000, maxDepth: 32 }) {}

  /** `ruleName`: the field holding this message, whose name rules apply to a wrapped string. */
  message(schema: MessageSchema, value: unknown, path: string, depth = 0, ruleName = ''): unknown {
    if (depth > this.limits.maxDepth) return this.fail(path, 'is nested too deeply');
    if (schema.wellKnown) return this.wellKnown(schema, value, path, depth, ruleName);
    if (!isPlainObject(value)) return this.fail(path, 'must be a JSON object');
    const out: Record<string, unknown> = {};
    const oneofs = new Map<string, string>();
    for (const [key, raw] of Object.entries(value)) {
      const field = schema.byJsonName.get(key);
      const at = join(path, key);
      if (!field) {
        this.fail(at, 'is not a known field');
        continue;
      }
      if (raw === null) continue;
      if (field.oneof) {
        const other = oneofs.get(field.oneof);
        if (other) {
          this.fail(at, `cannot be set together with ${other}`);
          continue;
        }
        oneofs.set(field.oneof, key);
      }
      const decoded = this.field(field, raw, at, depth);
      if (decoded !== undefined) out[field.name] = decoded;
    }
    return out;
  }

  /** One field's value (a whole repeated or map value included). */
  field(field: FieldSchema, value: unknown, path: string, depth: number): unknown {
    if (field.mapKey) {
      if (!isPlainObject(value)) return this.fail(path, 'must be a JSON object');
      const out = dictionary();
      for (const [key, item] of Object.entries(value)) {
        const at = `${path}.${key}`;
        if (!mapKeyValid(field.mapKey, key)) {
          this.fail(at, `has a key that is not a valid ${field.mapKey}`);
          continue;
        }
        if (item === null) {
          this.fail(at, 'must not be null');
          continue;
        }
        out[key] = this.single(field, item, at, depth);
      }
      return out;
    }
    if (field.repeated) {
      if (!Array.isArray(value)) return this.fail(path, 'must be a JSON array');
      if (value.length > this.limits.maxRepeated) return this.fail(path, `must have at most ${this.limits.maxRepeated} items`);
      return value.map((item, i) => (item === null ? this.fail(`${path}[${i}]`, 'must not be null') : this.single(field, item, `${path}[${i}]`, depth)));
    }
    return this.single(field, value, path, depth);
  }

  /** A value of the field's element type. */
  single(field: FieldSchema, value: unknown, path: string, depth: number): unknown {
    switch (field.type.kind) {
      case 'message':
        return this.message(field.type.schema, value, path, depth + 1, field.name);
      case 'enum':
        return this.enumValue(field.type.schema, value, path);
      case 'scalar':
        return this.scalar(field.type.scalar, value, path, field.name);
      default: {
        const unreachable: never = field.type;
        throw new Error(`unknown field type ${JSON.stringify(unreachable)}`);
      }
    }
  }

  enumValue(schema: EnumSchema, value: unknown, path: string): unknown {
    const allowed = schema.values.filter((v) => !v.unspecified);
    const match = typeof value === 'string' ? allowed.find((v) => v.jsonName === value || v.name === value) : undefined;
    if (!match) return this.fail(path, `must be one of ${allowed.map((v) => v.jsonName).join(', ')}`);
    return match.name;
  }

  /** `ruleName` is the field name the UUID and length rules are looked up by. */
  scalar(kind: ScalarKind, value: unknown, path: string, ruleName: string): unknown {
    switch (kind) {
      case 'string':
        return this.string(value, path, ruleName);
      case 'bool':
        return typeof value === 'boolean' ? value : this.fail(path, 'must be true or false');
      case 'double':
      case 'float':
        return typeof value === 'number' && Number.isFinite(value) ? value : this.fail(path, 'must be a number');
      case 'int32':
      case 'sint32':
      case 'sfixed32':
        return this.int32(value, path, -0x80000000, 0x7fffffff);
      case 'uint32':
      case 'fixed32':
        return this.int32(value, path, 0, 0xffffffff);
      case 'int64':
      case 'sint64':
      case 'sfixed64':
        return this.int64(value, path, -(2n ** 63n), 2n ** 63n - 1n);
      case 'uint64':
      case 'fixed64':
        return this.int64(value, path, 0n, 2n ** 64n - 1n);
      case 'bytes':
        if (typeof value !== 'string' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(value)) return this.fail(path, 'must be base64 text');
        return Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64');
      default: {
        const unreachable: never = kind;
        throw new Error(`unknown scalar ${String(unreachable)}`);
      }
    }
  }

  private string(value: unknown, path: string, ruleName: string): unknown {
    if (typeof value !== 'string') return this.fail(path, 'must be a string');
    if (isUuidField(ruleName)) return isUuid(value) ? value.toLowerCase() : this.fail(path, 'must be a UUID');
    const max = maxLengthOf(ruleName);
    if (value.length > max) return this.fail(path, `must be at most ${max} characters`);
    return value;
  }

  private int32(value: unknown, path: string, min: number, max: number): unknown {
    if (typeof value !== 'number' || !Number.isInteger(value)) return this.fail(path, 'must be an integer');
    if (value < min || value > max) return this.fail(path, `must be between ${min} and ${max}`);
    return value;
  }

  private int64(value: unknown, path: string, min: bigint, max: bigint): unknown {
    let big: bigint;
    if (typeof value === 'number' && Number.isSafeInteger(value)) big = BigInt(value);
    else if (typeof value === 'string' && /^-?\d{1,20}$/.test(value)) big = BigInt(value);
    else return this.fail(path, 'must be an integer');
    if (big < min || big > max) return this.fail(path, `must be between ${min} and ${max}`);
    return big.toString();
  }

  private wellKnown(schema: MessageSchema, value: unknown, path: string, depth: number, ruleName: string): unknown {
    switch (schema.wellKnown) {
      case 'timestamp':
        return this.timestamp(value, path);
      case 'duration':
        return this.duration(value, path);
      case 'struct':
        return isPlainObject(value) ? this.struct(value, path, depth) : this.fail(path, 'must be a JSON object');
      case 'list-value':
        return Array.isArray(value) ? { values: value.map((v, i) => this.value(v, `${path}[${i}]`, depth + 1)) } : this.fail(path, 'must be a JSON array');
      case 'value':
        return this.value(value, path, depth);
      case 'empty':
        return isPlainObject(value) && Object.keys(value).length === 0 ? {} : this.fail(path, 'must be an empty object');
      case 'wrapper': {
        const inner = schema.byName.get('value');
        if (!inner || inner.type.kind !== 'scalar') throw new Error(`malformed wrapper ${schema.fullName}`);
        const decoded = this.scalar(inner.type.scalar, value, path, ruleName);
        return decoded === undefined ? undefined : { value: decoded };
      }
      case 'decimal':
        return this.decimal(value, path);
      case undefined:
        throw new Error(`${schema.fullName} is not a well-known type`);
      default: {
        const unreachable: never = schema.wellKnown;
        throw new Error(`unknown well-known type ${String(unreachable)}`);
      }
    }
  }

  /**
   * google.type.Decimal from a JSON number (its shortest round-trip digits, exact up to 15
   * significant digits) or a decimal string, as canonical text; services check their own range.
   */
  private decimal(value: unknown, path: string): unknown {
    const text = plainDecimal(value);
    if (text === undefined || !DECIMAL.test(text)) return this.fail(path, DECIMAL_MESSAGE);
    return { value: canonicalDecimal(text) };
  }

  private timestamp(value: unknown, path: string): unknown {
    const match = typeof value === 'string' ? TIMESTAMP.exec(value) : null;
    const millis = match ? Date.parse(`${match[1]}${match[3]}`) : NaN;
    if (!match || Number.isNaN(millis)) return this.fail(path, 'must be an ISO 8601 timestamp such as 2024-05-01T10:00:00Z');
    const fraction = (match[2] ?? '').padEnd(9, '0');
    return { seconds: String(Math.floor(millis / 1000)), nanos: Number(fraction) };
  }

  private duration(value: unknown, path: string): unknown {
    const match = typeof value === 'string' ? /^(-)?(\d{1,12})(?:\.(\d{1,9}))?s$/.exec(value) : null;
    if (!match) return this.fail(path, 'must be a duration such as 1.5s');
    const sign = match[1] ? -1 : 1;
    const nanos = Number((match[3] ?? '').padEnd(9, '0'));
    return { seconds: String(sign * Number(match[2])), nanos: sign * nanos };
  }

  private struct(value: Record<string, unknown>, path: string, depth: number): unknown {
    const fields = dictionary();
    for (const [key, item] of Object.entries(value)) fields[key] = this.value(item, join(path, key), depth + 1);
    return { fields };
  }

  private value(value: unknown, path: string, depth: number): unknown {
    if (depth > this.limits.maxDepth) return this.fail(path, 'is nested too deeply');
    if (value === null) return { nullValue: 'NULL_VALUE' };
    if (typeof value === 'number') return { numberValue: value };
    if (typeof value === 'string') return { stringValue: value };
    if (typeof value === 'boolean') return { boolValue: value };
    if (Array.isArray(value)) return { listValue: { values: value.map((v, i) => this.value(v, `${path}[${i}]`, depth + 1)) } };
    if (isPlainObject(value)) return { structValue: this.struct(value, path, depth) };
    return this.fail(path, 'is not a JSON value');
  }

  private fail(field: string, message: string): undefined {
    this.violations.push({ field, message });
    return undefined;
  }
}

/** The widest decimal the gateway passes on: 13 digits before the point, 6 after, no exponent. */
export const DECIMAL_PATTERN = '^-?\\d{1,13}(\\.\\d{1,6})?$';
const DECIMAL = new RegExp(DECIMAL_PATTERN);
const DECIMAL_MESSAGE = 'must be a decimal number such as 49.90: a JSON number or a string, at most 13 digits before the point and 6 after';

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i;

export const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object for client-chosen keys (map fields, Struct): a key such as `__proto__` stays a plain key. */
export const dictionary = (): Record<string, unknown> => Object.create(null) as Record<string, unknown>;

export const join = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);

function mapKeyValid(kind: ScalarKind, key: string): boolean {
  switch (kind) {
    case 'string':
      return true;
    case 'bool':
      return key === 'true' || key === 'false';
    default:
      return /^-?\d+$/.test(key);
  }
}
