import type { Tx } from './db';

// The savepoint each record of an import applied one by one sits behind: a record that fails is
// rolled back to it alone, the records before it stay.

export async function openRecordSavepoint(tx: Tx): Promise<void> {
  await tx.$executeRaw`SAVEPOINT import_record`;
}

export async function releaseRecordSavepoint(tx: Tx): Promise<void> {
  await tx.$executeRaw`RELEASE SAVEPOINT import_record`;
}

export async function rollBackToRecordSavepoint(tx: Tx): Promise<void> {
  await tx.$executeRaw`ROLLBACK TO SAVEPOINT import_record`;
}
