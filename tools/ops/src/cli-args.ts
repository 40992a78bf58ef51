import { parseArgs } from 'node:util';

export const USAGE = `Operator commands (npm run ops -- <command>):
  unlock <email>                                       clear an account's login lockout (audited)
  dead-letters list [--consumer <durable>]             messages consumers set aside, with the reason
  dead-letters replay <sequence…> | --all [--consumer <durable>]
                                                       publish them again on their subjects
  dead-letters discard <sequence…>                     remove them for good
  outbox lag                                           events waiting in each service's outbox, the oldest's age
  outbox list --schema <schema>                        outbox rows a relay could never publish
  outbox replay --schema <schema> [--id <uuid>…]       put them back into the outbox
Environment: NATS_URL, STREAM_NAME (default PLATFORM), DATABASE_URL, REDIS_URL and the gateway's
REDIS_KEY_PREFIX (default gateway:), OPS_OPERATOR (who you are, for the audit log).`;

export type Command =
  | { kind: 'dead-letters list'; consumer?: string }
  | { kind: 'dead-letters replay'; sequences: number[] | 'all'; consumer?: string }
  | { kind: 'dead-letters discard'; sequences: number[] }
  | { kind: 'outbox lag' }
  | { kind: 'outbox list'; schema: string }
  | { kind: 'outbox replay'; schema: string; ids?: string[] }
  | { kind: 'unlock'; email: string }
  | { kind: 'help' };

const SCHEMA = /^[a-z_][a-z0-9_]*$/;
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
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [group, action, ...rest] = positionals;
  if (values.help || group === undefined || group === 'help') return { kind: 'help' };
  if (group === 'unlock') {
    if (!action || !/^[^\s@]+@[^\s@]+$/.test(action)) throw new Error('unlock <email>: name the account by its email address');
    return { kind: 'unlock', email: action };
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
