import { z } from 'zod';
import { redisEnv, redisEnvProblems } from './redis-env';

/**
 * Reads and validates environment variables with a zod schema. A missing or malformed value stops
 * the process at start with every problem listed, rather than failing later at first use.
 */
export function readEnv<S extends z.ZodRawShape>(shape: S, env: NodeJS.ProcessEnv = process.env): z.infer<z.ZodObject<S>> {
  const parsed = z.object(shape).safeParse(env);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)),
    ...redisEnvProblems(env, new Set(Object.keys(shape))),
  ];
  if (!parsed.success || problems.length > 0) throw new Error(`invalid configuration: ${problems.join('; ')}`);
  if ((parsed.data as { NODE_ENV?: string }).NODE_ENV === 'production') {
    const unset = DEVELOPMENT_ONLY_SECRETS.filter((name) => name in shape && (!env[name] || isDevelopmentDefault(name, env[name])));
    if (unset.length > 0) throw new Error(`invalid configuration: ${unset.join(', ')} must be set in production (the built-in value is public)`);
  }
  return parsed.data;
}

/** Secrets whose built-in default only serves development and tests: production refuses to start on them. */
const DEVELOPMENT_ONLY_SECRETS = ['JWT_SECRET', 'SERVICE_JWT_SECRET', 'SECRETS_KEY'] as const;

/** The built-in value, however it is spelt (a hex key is the same key in upper case). */
function isDevelopmentDefault(name: (typeof DEVELOPMENT_ONLY_SECRETS)[number], value: string): boolean {
  const builtIn = String(commonEnv[name].parse(undefined));
  return name === 'SECRETS_KEY' ? value.toLowerCase() === builtIn.toLowerCase() : value === builtIn;
}

/** An optional second key: unset or empty when no rotation is under way. */
function acceptedSecret() {
  return z
    .string()
    .refine((v) => v === '' || v.length >= 32, 'must be at least 32 characters (or empty)')
    .optional();
}

/** Shared defaults for the local servers (the machine's standard ports). */
export const commonEnv = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: z.string().default('postgresql://postgres@127.0.0.1:5432/postgres'),
  /** Comma-separated URLs of the servers of one NATS cluster: a client moves to another when one goes. */
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  ...redisEnv,
  /** Signs and verifies user tokens (access and refresh); identity signs, the gateway and every service verify. */
  JWT_SECRET: z.string().min(32).default('development-only-jwt-secret-change-me-0123456789'),
  /** A second user-token key that verifies but never signs: set only during a key rotation (docs/operations.md). */
  JWT_SECRET_ACCEPTED: acceptedSecret(),
  JWT_ISSUER: z.string().default('association-platform'),
  /** Signs and verifies service-to-service tokens (`aud` platform-services); the services only, never the gateway. Must differ from JWT_SECRET. */
  SERVICE_JWT_SECRET: z.string().min(32).default('development-only-service-jwt-secret-change-me-0123'),
  /** A second service-token key that verifies but never signs: set only during a key rotation (docs/operations.md). */
  SERVICE_JWT_SECRET_ACCEPTED: acceptedSecret(),
  SECRETS_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 32 bytes as 64 hex characters')
    .default('00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff'),
  STREAM_NAME: z.string().default('PLATFORM'),
  /** Copies JetStream keeps of the platform's streams, set on them at start: 3 on a three-node JetStream cluster, 1 on one server. */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  SUBJECT_PREFIX: z.string().default(''),
};

export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
