import type { Connector, Prisma } from './generated/client';
import type { Db } from './db';

export type ConnectorRow = Connector;

export async function insertConnector(db: Db, data: Prisma.ConnectorUncheckedCreateInput): Promise<ConnectorRow> {
  return db.connector.create({ data });
}

/** The connector of the organisation, or undefined. */
export async function findConnector(db: Db, organizationId: string, connectorId: string): Promise<ConnectorRow | undefined> {
  return (await db.connector.findFirst({ where: { id: connectorId, organizationId } })) ?? undefined;
}

export async function findConnectorById(db: Db, connectorId: string): Promise<ConnectorRow | undefined> {
  return (await db.connector.findUnique({ where: { id: connectorId } })) ?? undefined;
}

export async function listConnectors(db: Db, organizationId: string, skip: number, take: number): Promise<{ rows: ConnectorRow[]; total: number }> {
  const where = { organizationId };
  const [rows, total] = await Promise.all([
    db.connector.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take }),
    db.connector.count({ where }),
  ]);
  return { rows, total };
}

/** Not async: the query runs when awaited, or as a part of a batch `$transaction([…])`. */
export function updateConnector(db: Db, connectorId: string, data: Prisma.ConnectorUncheckedUpdateInput): Prisma.PrismaPromise<ConnectorRow> {
  return db.connector.update({ where: { id: connectorId }, data });
}

/** Connectors whose scheduled sync is due: interval set, initial import done, status ACTIVE or ERROR, nextSyncAt passed. */
export async function dueConnectors(db: Db, now: Date, limit: number): Promise<ConnectorRow[]> {
  return db.connector.findMany({
    where: {
      status: { in: ['ACTIVE', 'ERROR'] },
      syncIntervalMinutes: { gt: 0 },
      initialImportCompletedAt: { not: null },
      nextSyncAt: { lte: now },
    },
    orderBy: { nextSyncAt: 'asc' },
    take: limit,
  });
}
