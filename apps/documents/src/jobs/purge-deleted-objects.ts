import type { ServiceJob } from '@platform/grpc-server/service';
import type { Logger } from '@platform/telemetry';
import type { ObjectStores } from '../storage/object-stores';
import type { DocumentsDb } from '../store/db';
import { documentsToPurge, markPurged } from '../store/documents-store';

const BATCH = 200;

/**
 * Removes the bytes of documents deleted more than `graceSeconds` ago (one document or a whole
 * folder tree), then marks them purged. Run by the service kit: advisory-locked (one replica at a
 * time), logged and counted (`service_job_rows_total{job="purge-deleted-objects"}`). A failed
 * delete is logged and retried at the next run.
 */
export function purgeDeletedObjectsJob(
  deps: { db: DocumentsDb; stores: ObjectStores; logger: Logger; now: () => number },
  graceSeconds: number,
  intervalMs: number,
): ServiceJob {
  return {
    name: 'purge-deleted-objects',
    intervalMs,
    async run() {
      const rows = await documentsToPurge(deps.db, new Date(deps.now() - graceSeconds * 1000), BATCH);
      let purged = 0;
      for (const row of rows) {
        const store = deps.stores.of(row.storageProvider);
        if (!store) {
          deps.logger.warn({ documentId: row.id, provider: row.storageProvider }, 'cannot purge: provider not configured');
          continue;
        }
        try {
          await store.delete(row.objectKey);
          await markPurged(deps.db, row.id, new Date(deps.now()));
          purged += 1;
        } catch (err) {
          deps.logger.warn({ err, documentId: row.id }, 'could not purge a deleted document; retried at the next run');
        }
      }
      return purged;
    },
  };
}
