// What `--consumes` adds to a new service: one consumer per subject in messages/, the table they
// record each message in (its Prisma model, its first migration, store/received-messages.ts) and
// the exclusive job that keeps that table from growing without end.

const model = `
/// Each message the consumers in src/messages/ received, once (kept 30 days by the prune job).
model ReceivedMessage {
  messageId  String   @id @map("message_id")
  subject    String
  /// The decoded payload as proto3 JSON.
  payload    Json
  receivedAt DateTime @default(now()) @map("received_at") @db.Timestamptz(3)

  @@index([receivedAt])
  @@map("received_message")
}
`;

/** As `node tools/prisma/new-migration.mjs` writes it for the model above. */
const migration = `-- CreateTable
CREATE TABLE "received_message" (
    "message_id" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "received_message_pkey" PRIMARY KEY ("message_id")
);

-- CreateIndex
CREATE INDEX "received_message_received_at_idx" ON "received_message"("received_at");
`;

const consumer = (n, s) => `import { messageConsumer, SUBJECTS, type MessageConsumer } from '@platform/messaging';
import { ${s.module} } from '@platform/proto';
import type { Tx } from '../store/db';
import { recordReceivedMessage } from '../store/received-messages';

/**
 * Records each message of ${s.subject} with its payload.
 * The kit handles a message once per consumer (its id is recorded in the same transaction), and the
 * record's key makes a second record a no-op. Replace the record with what the service does on it.
 */
export function ${s.consumer}(): MessageConsumer<Tx> {
  return messageConsumer({
    durable: '${n.name}-${s.kebab}',
    subjects: [SUBJECTS.${s.key}],
    handle: ({ subject, event, messageId, tx }) => recordReceivedMessage(tx, { messageId, subject, payload: ${s.module}.${s.message}.toJSON(event) }),
  });
}
`;

const store = () => `import type { Db } from './db';
import type { Prisma } from './generated/client';

export interface ReceivedMessage {
  messageId: string;
  subject: string;
  /** The decoded payload as proto3 JSON (\`toJSON\` of its message). */
  payload: unknown;
}

/** Records a message; recording its id again changes nothing. */
export async function recordReceivedMessage(db: Db, message: ReceivedMessage): Promise<void> {
  await db.receivedMessage.createMany({ data: [{ ...message, payload: message.payload as Prisma.InputJsonValue }], skipDuplicates: true });
}

/** Deletes the records of messages received before \`before\`; answers how many. */
export async function pruneReceivedMessages(db: Db, before: Date): Promise<number> {
  const { count } = await db.receivedMessage.deleteMany({ where: { receivedAt: { lt: before } } });
  return count;
}
`;

const job = (n) => `import type { ServiceJob } from '@platform/grpc-server/service';
import type { ${n.Pascal}Db } from '../store/db';
import { pruneReceivedMessages } from '../store/received-messages';

/** How long the record of a received message is kept. */
export const RECEIVED_MESSAGES_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Deletes the records of messages received more than 30 days ago, so that the consumers' table
 * does not grow without end. Run by the service kit every \`intervalMs\` (${n.UPPER}_PRUNE_INTERVAL_MS):
 * with several replicas one runs it at a time (advisory lock); each run is logged with the rows it
 * deleted and counted in service_job_runs_total and service_job_rows_total{job="prune-received-messages"}.
 */
export function pruneReceivedMessagesJob(db: ${n.Pascal}Db, intervalMs: number, now: () => Date = () => new Date()): ServiceJob {
  return { name: 'prune-received-messages', intervalMs, run: () => pruneReceivedMessages(db, new Date(now().getTime() - RECEIVED_MESSAGES_KEPT_MS)) };
}
`;

/** `{ files, model, migration }`: the source files, the Prisma model and the first migration's SQL; nothing without `--consumes`. */
export function consumerFiles(n) {
  if (n.consumes.length === 0) return { files: {} };
  const src = `apps/${n.name}/src`;
  return {
    files: {
      ...Object.fromEntries(n.consumes.map((s) => [`${src}/messages/${s.kebab}-consumer.ts`, consumer(n, s)])),
      [`${src}/store/received-messages.ts`]: store(n),
      [`${src}/jobs/prune-received-messages.ts`]: job(n),
    },
    model,
    migration,
  };
}
