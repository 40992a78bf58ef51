import { prismaOptions } from '@platform/db';
import { PrismaClient } from './generated/client';
import type { Prisma } from './generated/client';

export type IdentityDb = PrismaClient;
export type Tx = Prisma.TransactionClient;
export type Db = IdentityDb | Tx;

export function createIdentityDb(connectionString: string, schema: string): IdentityDb {
  return new PrismaClient(prismaOptions({ connectionString, schema }));
}
