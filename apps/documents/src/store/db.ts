import { prismaOptions } from '@platform/db';
import { PrismaClient } from './generated/client';
import type { Prisma } from './generated/client';

export type DocumentsDb = PrismaClient;
export type Tx = Prisma.TransactionClient;
export type Db = DocumentsDb | Tx;

export function createDocumentsDb(connectionString: string, schema: string): DocumentsDb {
  return new PrismaClient(prismaOptions({ connectionString, schema, pool: { max: 10 } }));
}
