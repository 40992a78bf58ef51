import { prismaOptions } from '@platform/db';
import { PrismaClient } from './generated/client';
import type { Prisma } from './generated/client';

export type OrganisationDb = PrismaClient;
export type Tx = Prisma.TransactionClient;
export type Db = OrganisationDb | Tx;

export function createOrganisationDb(connectionString: string, schema: string): OrganisationDb {
  return new PrismaClient(prismaOptions({ connectionString, schema, pool: { max: 10 } }));
}

/** Answers once the database answers a trivial query (fails when it cannot be reached). */
export async function pingDatabase(db: OrganisationDb): Promise<void> {
  await db.$queryRaw`SELECT 1`;
}
