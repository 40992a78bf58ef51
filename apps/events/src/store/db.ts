import { prismaOptions } from '@platform/db';
import { PrismaClient } from './generated/client';
import type { Prisma } from './generated/client';

export type EventsDb = PrismaClient;
export type Tx = Prisma.TransactionClient;
export type Db = EventsDb | Tx;

export function createEventsDb(connectionString: string, schema: string): EventsDb {
  return new PrismaClient(prismaOptions({ connectionString, schema, pool: { max: 10 } }));
}
