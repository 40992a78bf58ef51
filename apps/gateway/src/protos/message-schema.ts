import * as protobuf from 'protobufjs';

/**
 * A plain model of request and reply messages, built once from the protobufjs reflection: what the
 * transcoder validates against and what the OpenAPI document describes. Field `name` is the key in
 * the proto-loader object (camelCase, keepCase=false); `jsonName` is the key in REST JSON (the same,
 * unless the proto gives an explicit `json_name` such as `website_url`).
 */
export type ScalarKind =
  | 'double'
  | 'float'
  | 'int32'
  | 'uint32'
  | 'sint32'
  | 'fixed32'
  | 'sfixed32'
  | 'int64'
  | 'uint64'
  | 'sint64'
  | 'fixed64'
  | 'sfixed64'
  | 'bool'
  | 'string'
  | 'bytes';

const SCALARS = new Set<string>([
  'double',
  'float',
  'int32',
  'uint32',
  'sint32',
  'fixed32',
  'sfixed32',
  'int64',
  'uint64',
  'sint64',
  'fixed64',
  'sfixed64',
  'bool',
  'string',
  'bytes',
]);

/** google.protobuf types, and google.type.Decimal, with their own JSON form. */
export type WellKnown = 'timestamp' | 'duration' | 'struct' | 'value' | 'list-value' | 'empty' | 'wrapper' | 'decimal';

const WELL_KNOWN: Record<string, WellKnown> = {
  'google.protobuf.Timestamp': 'timestamp',
  'google.protobuf.Duration': 'duration',
  'google.protobuf.Struct': 'struct',
  'google.protobuf.Value': 'value',
  'google.protobuf.ListValue': 'list-value',
  'google.protobuf.Empty': 'empty',
  'google.protobuf.DoubleValue': 'wrapper',
  'google.protobuf.FloatValue': 'wrapper',
  'google.protobuf.Int64Value': 'wrapper',
  'google.protobuf.UInt64Value': 'wrapper',
  'google.protobuf.Int32Value': 'wrapper',
  'google.protobuf.UInt32Value': 'wrapper',
  'google.protobuf.BoolValue': 'wrapper',
  'google.protobuf.StringValue': 'wrapper',
  'google.protobuf.BytesValue': 'wrapper',
  // Every price and amount: a JSON number out, a JSON number or a decimal string in (docs/decisions/0199-decimals-on-the-wire.md).
  'google.type.Decimal': 'decimal',
};

export interface EnumValueSchema {
  /** The proto name (`ORG_TYPE_ASSOCIATION`): what proto-loader objects carry. */
  name: string;
  /** The REST name: the proto name without the enum's own prefix (`ASSOCIATION`). */
  jsonName: string;
  number: number;
  /** The zero `*_UNSPECIFIED` value: never accepted as input, rendered as null. */
  unspecified: boolean;
}

export interface EnumSchema {
  fullName: string;
  values: EnumValueSchema[];
}

export type FieldType = { kind: 'scalar'; scalar: ScalarKind } | { kind: 'enum'; schema: EnumSchema } | { kind: 'message'; schema: MessageSchema };

export interface FieldSchema {
  name: string;
  jsonName: string;
  type: FieldType;
  repeated: boolean;
  /** For `map<K, V>` fields: the key type; `type` is then the value type. */
  mapKey?: ScalarKind;
  /** Message, `optional` and oneof fields: unset is distinguishable from the default (null in JSON). */
  presence: boolean;
  /** The real oneof this field belongs to (not the synthetic one of a proto3 `optional`). */
  oneof?: string;
  comment?: string;
}

export interface MessageSchema {
  fullName: string;
  fields: FieldSchema[];
  byName: Map<string, FieldSchema>;
  byJsonName: Map<string, FieldSchema>;
  wellKnown?: WellKnown;
  comment?: string;
}

const stripDot = (name: string): string => (name.startsWith('.') ? name.slice(1) : name);

/** Builds (and caches) schemas for protobufjs types; recursive messages share one schema object. */
export class SchemaRegistry {
  private readonly messages = new Map<string, MessageSchema>();
  private readonly enums = new Map<string, EnumSchema>();

  message(type: protobuf.Type): MessageSchema {
    const fullName = stripDot(type.fullName);
    const cached = this.messages.get(fullName);
    if (cached) return cached;
    const schema: MessageSchema = {
      fullName,
      fields: [],
      byName: new Map(),
      byJsonName: new Map(),
      wellKnown: WELL_KNOWN[fullName],
      comment: type.comment ?? undefined,
    };
    this.messages.set(fullName, schema);
    for (const field of type.fieldsArray) {
      const built = this.field(field);
      schema.fields.push(built);
      schema.byName.set(built.name, built);
      schema.byJsonName.set(built.jsonName, built);
    }
    return schema;
  }

  /** Every message schema built so far, by full name. */
  all(): ReadonlyMap<string, MessageSchema> {
    return this.messages;
  }

  private field(field: protobuf.Field): FieldSchema {
    field.resolve();
    const options = (field.options ?? {}) as Record<string, unknown>;
    const jsonName = typeof options['json_name'] === 'string' ? options['json_name'] : field.name;
    const synthetic = options['proto3_optional'] === true;
    const oneof = field.partOf && !synthetic ? field.partOf.name : undefined;
    const isMap = field instanceof protobuf.MapField;
    const built: FieldSchema = {
      name: field.name,
      jsonName,
      type: this.typeOf(field),
      repeated: field.repeated,
      presence: synthetic || oneof !== undefined || (!isMap && !field.repeated && field.resolvedType instanceof protobuf.Type),
      oneof,
      comment: field.comment ?? undefined,
    };
    if (isMap) built.mapKey = (field as protobuf.MapField).keyType as ScalarKind;
    return built;
  }

  private typeOf(field: protobuf.Field): FieldType {
    const resolved = field.resolvedType;
    if (resolved instanceof protobuf.Type) return { kind: 'message', schema: this.message(resolved) };
    if (resolved instanceof protobuf.Enum) return { kind: 'enum', schema: this.enumOf(resolved) };
    if (!SCALARS.has(field.type)) throw new Error(`unsupported field type ${field.type} of ${field.fullName}`);
    return { kind: 'scalar', scalar: field.type as ScalarKind };
  }

  private enumOf(type: protobuf.Enum): EnumSchema {
    const fullName = stripDot(type.fullName);
    const cached = this.enums.get(fullName);
    if (cached) return cached;
    const prefix = `${type.name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_`;
    const names = Object.keys(type.values);
    const strip = names.every((n) => n.startsWith(prefix) && /^[A-Z]/.test(n.slice(prefix.length)));
    const schema: EnumSchema = {
      fullName,
      values: names.map((name) => {
        const number = type.values[name] ?? 0;
        return {
          name,
          jsonName: strip ? name.slice(prefix.length) : name,
          number,
          unspecified: number === 0 && name.endsWith('UNSPECIFIED'),
        };
      }),
    };
    this.enums.set(fullName, schema);
    return schema;
  }
}

/** Finds a field by the name a path template, a query string or a service uses for it. */
export function findField(schema: MessageSchema, name: string): FieldSchema | undefined {
  return schema.byName.get(name) ?? schema.byName.get(protobuf.util.camelCase(name)) ?? schema.byJsonName.get(name);
}
