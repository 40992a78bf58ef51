import { parseArgs } from 'node:util';

export const USAGE = `Operator commands (npm run ops -- <command>):
  unlock <email>                                       clear an account's login lockout (audited)
  revoke-sessions <email>                              end every session of the account; the gateway refuses
                                                       its access tokens (audited)
  jobs [--stale [--stale-after <seconds>]]             jobs in progress in every service, stale ones marked;
                                                       --stale: only those silent for --stale-after (default 300)
  dead-letters list [--consumer <durable>]             messages consumers set aside, with the reason
  dead-letters replay <sequence…> | --all [--consumer <durable>]
                                                       publish them again on their subjects
  dead-letters discard <sequence…>                     remove them for good
  outbox lag                                           events waiting in each service's outbox, the oldest's age
  outbox list --schema <schema>                        outbox rows a relay could never publish
  outbox replay --schema <schema> [--id <uuid>…]       put them back into the outbox
Environment: NATS_URL, STREAM_NAME (default PLATFORM), DATABASE_URL, the gateway's Redis (REDIS_URL,
or REDIS_SENTINELS and REDIS_SENTINEL_MASTER, or REDIS_CLUSTER_NODES; REDIS_PASSWORD, REDIS_SENTINEL_PASSWORD)
and REDIS_KEY_PREFIX (default gateway:), IDENTITY_GRPC_URL, JWT_SECRET, SERVICE_JWT_SECRET and JWT_ISSUER
(revoke-sessions calls identity as a service), OPS_OPERATOR (who you are, for the audit log).`;

export type Command =
  | { kind: 'dead-letters list'; consumer?: string }
  | { kind: 'dead-letters replay'; sequences: number[] | 'all'; consumer?: string }
  | { kind: 'dead-letters discard'; sequences: number[] }
  | { kind: 'outbox lag' }
  | { kind: 'outbox list'; schema: string }
  | { kind: 'outbox replay'; schema: string; ids?: string[] }
  | { kind: 'unlock'; email: string }
  | { kind: 'revoke-sessions'; email: string }
  | { kind: 'jobs'; staleAfterSeconds?: number }
  | { kind: 'help' };

const SCHEMA = /^[a-z_][a-z0-9_]*$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
/** A job silent for longer is stale (`jobs --stale`): the connector's own CONNECTOR_JOB_STALE_MS default. */
export const DEFAULT_STALE_SECONDS = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The command of a command line; throws a message for the operator on anything it cannot run. */
export function parseCommand(argv: string[]): Command {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      consumer: { type: 'string' },
      schema: { type: 'string' },
      id: { type: 'string', multiple: true },
      all: { type: 'boolean' },
      stale: { type: 'boolean' },
      'stale-after': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [group, action, ...rest] = positionals;
  if (values.help || group === undefined || group === 'help') return { kind: 'help' };
  if (group === 'unlock' || group === 'revoke-sessions') {
    if (!action || !EMAIL.test(action)) throw new Error(`${group} <email>: name the account by its email address`);
    return { kind: group, email: action };
  }
  if (group === 'jobs' && action === undefined) {
    if (!values.stale) {
      if (values['stale-after'] !== undefined) throw new Error('--stale-after goes with --stale');
      return { kind: 'jobs' };
    }
    const seconds = Number(values['stale-after'] ?? DEFAULT_STALE_SECONDS);
    if (!Number.isInteger(seconds) || seconds < 1) throw new Error(`--stale-after ${values['stale-after']}: a number of seconds`);
    return { kind: 'jobs', staleAfterSeconds: seconds };
  }
  if (group === 'dead-letters') {
    if (action === 'list') return { kind: 'dead-letters list', consumer: values.consumer };
    if (action === 'replay') {
      if (values.all) return { kind: 'dead-letters replay', sequences: 'all', consumer: values.consumer };
      return { kind: 'dead-letters replay', sequences: sequencesOf(rest), consumer: values.consumer };
    }
    if (action === 'discard') return { kind: 'dead-letters discard', sequences: sequencesOf(rest) };
  }
  if (group === 'outbox' && action === 'lag') return { kind: 'outbox lag' };
  if (group === 'outbox' && (action === 'list' || action === 'replay')) {
    const schema = values.schema ?? '';
    if (!SCHEMA.test(schema)) throw new Error('--schema <schema> is required: the service schema (identity, organisation, …)');
    if (action === 'list') return { kind: 'outbox list', schema };
    for (const id of values.id ?? []) if (!UUID.test(id)) throw new Error(`--id ${id} is not a UUID`);
    return { kind: 'outbox replay', schema, ids: values.id };
  }
  throw new Error(`unknown command: ${positionals.join(' ')}\n\n${USAGE}`);
}

function sequencesOf(args: string[]): number[] {
  if (args.length === 0) throw new Error('name the dead letters by sequence (as `dead-letters list` shows them), or pass --all');
  return args.map((arg) => {
    const n = Number(arg.replace(/^#/, ''));
    if (!Number.isInteger(n) || n < 1) throw new Error(`${arg} is not a dead-letter sequence`);
    return n;
  });
}
