import { prismaOptions } from '@platform/db';
import { PrismaClient } from './generated/client';
import type { Prisma } from './generated/client';

export type EventsDb = PrismaClient;
export type Tx = Prisma.TransactionClient;
export type Db = EventsDb | Tx;

export function createEventsDb(connectionString: string, schema: string): EventsDb {
  return new PrismaClient(prismaOptions({ connectionString, schema, pool: { max: 10 } }));
}

/**
 * Options of the transactions that lock an event: many registrations for one event queue on its
 * row lock, each holding a pooled connection, so a transaction may wait a while for its turn.
 */
export const LOCKING_TX = { maxWait: 30_000, timeout: 30_000 } as const;
