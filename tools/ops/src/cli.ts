// The operator CLI: `npm run ops -- <command>` (see USAGE in cli-args.ts and docs/operations.md).
import { Pool } from 'pg';
import { connectNats, jetstream, jetstreamManager, MessagingNames, replayOutboxDeadLetters } from '@platform/messaging';
import { createRedisConnection, redisTopologyFromEnv } from '@platform/redis';
import { createLogger } from '@platform/telemetry';
import { unlockAccount } from './account-commands';
import { listJobs } from './job-commands';
import { revokeAccountSessions } from './session-commands';
import { DEFAULT_STALE_SECONDS, parseCommand, USAGE, type Command } from './cli-args';
import { grpcServices } from '@platform/registry';
import { TokenSigner } from '@platform/auth';
import { commonEnv, grpcUrl, readEnv } from '@platform/config';
import {
  discardConsumerDeadLetters,
  listConsumerDeadLetters,
  listOutboxDeadLetters,
  outboxLag,
  replayConsumerDeadLetters,
  type Messaging,
} from './dead-letter-commands';

const env = (name: string, fallback: string): string => process.env[name] || fallback;
// Connection chatter would mix with the answers on stdout: only problems are logged (LOG_LEVEL overrides).
process.env['LOG_LEVEL'] ??= 'warn';

async function withMessaging(work: (m: Messaging) => Promise<string[]>): Promise<string[]> {
  const nc = await connectNats({ url: env('NATS_URL', 'nats://127.0.0.1:4222'), name: 'platform-ops', logger: createLogger('ops') });
  try {
    return await work({ js: jetstream(nc), jsm: await jetstreamManager(nc), stream: MessagingNames.fromEnv().stream });
  } finally {
    await nc.close();
  }
}

async function withDatabase(work: (pool: Pool) => Promise<string[]>): Promise<string[]> {
  const pool = new Pool({ connectionString: env('DATABASE_URL', 'postgresql://postgres@127.0.0.1:5432/postgres'), max: 1 });
  try {
    return await work(pool);
  } finally {
    await pool.end();
  }
}

/** Each service's schema by service name: the registry's, or the deployment's `<SVC>_DB_SCHEMA`. */
const schemasByService = (): Record<string, string> =>
  Object.fromEntries(grpcServices().flatMap((service) => (service.schema ? [[service.name, process.env[service.schema.env] || service.schema.name]] : [])));
const serviceSchemas = (): string[] => Object.values(schemasByService());

/** Identity's address and a service token signed with the deployment's service key (as the services sign theirs). */
function identityAccess() {
  const config = readEnv({
    IDENTITY_GRPC_URL: grpcUrl('identity'),
    NODE_ENV: commonEnv.NODE_ENV,
    JWT_SECRET: commonEnv.JWT_SECRET,
    JWT_ISSUER: commonEnv.JWT_ISSUER,
    SERVICE_JWT_SECRET: commonEnv.SERVICE_JWT_SECRET,
  });
  const signer = new TokenSigner({ issuer: config.JWT_ISSUER, userKeys: { secret: config.JWT_SECRET }, serviceKeys: { secret: config.SERVICE_JWT_SECRET } });
  return { address: config.IDENTITY_GRPC_URL, serviceToken: signer.signService('ops') };
}

async function run(command: Command): Promise<string[]> {
  switch (command.kind) {
    case 'help':
      return [USAGE];
    case 'unlock':
      return withMessaging(async (m) => {
        const redis = createRedisConnection(redisTopologyFromEnv(), { connectionName: 'platform-ops' });
        try {
          await redis.connect();
          return [await unlockAccount(redis, env('REDIS_KEY_PREFIX', 'gateway:'), { js: m.js, names: MessagingNames.fromEnv() }, command.email)];
        } finally {
          redis.disconnect();
        }
      });
    case 'revoke-sessions':
      return [await revokeAccountSessions(identityAccess(), command.email)];
    case 'jobs':
      return withDatabase((pool) =>
        listJobs(pool, {
          schemas: schemasByService(),
          staleAfterSeconds: command.staleAfterSeconds ?? DEFAULT_STALE_SECONDS,
          onlyStale: command.staleAfterSeconds !== undefined,
        }),
      );
    case 'dead-letters list':
      return withMessaging((m) => listConsumerDeadLetters(m, command.consumer));
    case 'dead-letters replay':
      return withMessaging((m) => replayConsumerDeadLetters(m, command.sequences, command.consumer));
    case 'dead-letters discard':
      return withMessaging((m) => discardConsumerDeadLetters(m, command.sequences));
    case 'outbox lag':
      return withDatabase((pool) => outboxLag(pool, serviceSchemas()));
    case 'outbox list':
      return withDatabase((pool) => listOutboxDeadLetters(pool, command.schema));
    case 'outbox replay':
      return withDatabase(async (pool) => [`${await replayOutboxDeadLetters(pool, command.schema, command.ids)} row(s) back in ${command.schema}'s outbox`]);
  }
}

async function main(): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  try {
    for (const line of await run(command)) process.stdout.write(`${line}\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`failed: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

void main().then((code) => process.exit(code));
