import { prismaOptions } from '@platform/db';
import { PrismaClient } from './generated/client';
import type { Prisma } from './generated/client';

export type NotificationsDb = PrismaClient;
export type Tx = Prisma.TransactionClient;
export type Db = NotificationsDb | Tx;

export function createNotificationsDb(connectionString: string, schema: string): NotificationsDb {
  return new PrismaClient(prismaOptions({ connectionString, schema }));
}
