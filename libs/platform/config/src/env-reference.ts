import type { z } from 'zod';

/** One environment variable of an app, as docs/configuration.md and .env.example describe it. */
export interface EnvVariableDoc {
  name: string;
  /** `string`, `number`, `integer`, `boolean`, or `one of a, b`. */
  type: string;
  /** The value used when the variable is unset, as text; undefined when it has none. */
  default?: string;
  required: boolean;
  /** A key or password: its default, if any, only serves development. */
  secret: boolean;
  /** A connection URL: secret when it carries a password. */
  credentials: boolean;
}

const SECRET = /(SECRET|PASSWORD|_KEY$|_KEYS$|TOKEN|CREDENTIALS|SERVICE_ACCOUNT)/;
/** Connection URLs: not secret by default, but they carry the password where the server wants one. */
const CREDENTIAL_URLS = new Set(['DATABASE_URL', 'REDIS_URL', 'NATS_URL']);

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; entries?: Record<string, string>; coerce?: boolean; checks?: unknown[] };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { def: Def }).def;

/** The variable's value type, looking through defaults, optionals and pipes. */
function typeOf(schema: z.ZodType): string {
  const def = defOf(schema);
  switch (def.type) {
    case 'default':
    case 'optional':
    case 'nullable':
    case 'prefault':
      return def.innerType ? typeOf(def.innerType) : 'string';
    case 'pipe':
      return def.in ? typeOf(def.in) : 'string';
    case 'enum':
      return `one of ${Object.values(def.entries ?? {}).join(', ')}`;
    case 'number': {
      const integer = (def.checks ?? []).some((c) => (c as { _zod?: { def?: { format?: string } } })._zod?.def?.format === 'safeint');
      return integer ? 'integer' : 'number';
    }
    default:
      return def.type;
  }
}

/** What a zod shape of environment variables documents about each, in the shape's order. */
export function describeEnv(shape: Record<string, z.ZodType>): EnvVariableDoc[] {
  return Object.entries(shape).map(([name, schema]) => {
    const unset = schema.safeParse(undefined);
    const value = unset.success ? unset.data : undefined;
    return {
      name,
      type: typeOf(schema),
      default: value === undefined ? undefined : String(value),
      required: !unset.success,
      secret: SECRET.test(name),
      credentials: CREDENTIAL_URLS.has(name),
    };
  });
}
