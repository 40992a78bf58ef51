import { prismaOptions } from '@platform/db';
import { PrismaClient } from './generated/client';
import type { Prisma } from './generated/client';

export type ContentDb = PrismaClient;
export type Tx = Prisma.TransactionClient;
export type Db = ContentDb | Tx;

export function createContentDb(connectionString: string, schema: string): ContentDb {
  return new PrismaClient(prismaOptions({ connectionString, schema, pool: { max: 10 } }));
}
