import { prismaOptions } from '@platform/db';
import { PrismaClient } from './generated/client';
import type { Prisma } from './generated/client';

export type ConnectorDb = PrismaClient;
export type Tx = Prisma.TransactionClient;
export type Db = ConnectorDb | Tx;

export function createConnectorDb(connectionString: string, schema: string): ConnectorDb {
  return new PrismaClient(prismaOptions({ connectionString, schema, pool: { max: 10 } }));
}
