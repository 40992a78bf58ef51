import type { ServiceJob } from '@platform/grpc-server/service';
import type { Logger } from '@platform/telemetry';
import type { ObjectStores } from '../storage/object-stores';
import { objectPurgesDue, removeObjectPurge } from '../store/assets-store';
import type { DocumentsDb } from '../store/db';
import { documentsToPurge, markPurged } from '../store/documents-store';

const BATCH = 200;

/**
 * Removes the bytes of documents deleted more than `graceSeconds` ago (one document, or every
 * document of a deleted folder tree: DELETE marks the rows in one transaction, this job takes the
 * bytes), then marks them purged; and the queued objects that are due (a replaced or deleted
 * asset's old bytes). Run by the service kit: advisory-locked (one replica at a time), logged and
 * counted (`service_job_runs_total` and `service_job_rows_total{job="purge-deleted-objects"}`).
 * A failed delete is logged and retried at the next run.
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
      let purged = 0;
      const rows = await documentsToPurge(deps.db, new Date(deps.now() - graceSeconds * 1000), BATCH);
      for (const row of rows) {
        const store = await deps.stores.of(row);
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
      for (const queued of await objectPurgesDue(deps.db, new Date(deps.now()), BATCH)) {
        const store = await deps.stores.of(queued);
        if (!store) {
          deps.logger.warn({ key: queued.objectKey, provider: queued.storageProvider }, 'cannot purge: provider not configured');
          continue;
        }
        try {
          await store.delete(queued.objectKey);
          await removeObjectPurge(deps.db, queued.id);
          purged += 1;
        } catch (err) {
          deps.logger.warn({ err, key: queued.objectKey }, 'could not purge a queued object; retried at the next run');
        }
      }
      return purged;
    },
  };
}
