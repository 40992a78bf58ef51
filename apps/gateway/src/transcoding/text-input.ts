import type { FieldSchema, ScalarKind } from '../protos/message-schema';

/**
 * Path and query values arrive as text. This turns one text value into the JSON value the field's
 * type expects, so that the same validation as for bodies applies. Returns `{ error }` when the text
 * cannot be that type (`size=abc`).
 */
export type TextResult = { value: unknown } | { error: string };

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function fromText(field: FieldSchema, text: string): TextResult {
  const type = field.type;
  switch (type.kind) {
    case 'enum':
      return { value: text };
    case 'scalar':
      return scalarFromText(type.scalar, text);
    case 'message': {
      const wk = type.schema.wellKnown;
      if (wk === 'timestamp' || wk === 'duration' || wk === 'decimal') return { value: text };
      if (wk === 'wrapper') {
        const inner = type.schema.byName.get('value');
        if (inner?.type.kind === 'scalar') return scalarFromText(inner.type.scalar, text);
      }
      return { error: 'cannot be given as text' };
    }
    default: {
      const unreachable: never = type;
      throw new Error(`unknown field type ${JSON.stringify(unreachable)}`);
    }
  }
}

function scalarFromText(kind: ScalarKind, text: string): TextResult {
  switch (kind) {
    case 'string':
    case 'bytes':
      return { value: text };
    case 'bool':
      if (text === 'true') return { value: true };
      if (text === 'false') return { value: false };
      return { error: 'must be true or false' };
    case 'double':
    case 'float':
      return NUMBER.test(text) ? { value: Number(text) } : { error: 'must be a number' };
    case 'int64':
    case 'uint64':
    case 'sint64':
    case 'fixed64':
    case 'sfixed64':
      return INTEGER.test(text) ? { value: text.replace(/^\+/, '') } : { error: 'must be an integer' };
    case 'int32':
    case 'uint32':
    case 'sint32':
    case 'fixed32':
    case 'sfixed32':
      return INTEGER.test(text) && text.length <= 12 ? { value: Number(text) } : { error: 'must be an integer' };
    default: {
      const unreachable: never = kind;
      throw new Error(`unknown scalar ${String(unreachable)}`);
    }
  }
}
