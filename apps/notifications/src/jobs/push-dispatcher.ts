import type { JobWake, ServiceJob } from '@platform/grpc-server/service';
import { dispatcherJob } from './dispatcher-job';
import type { Logger } from '@platform/telemetry';
import type { Counter } from 'prom-client';
import { batchFailedAsAWhole, fcmData, isDeadTokenCode } from '../domain/push-message';
import { retryDelayMs, type RetryPolicy } from '../domain/send-outcome';
import type { PushSender } from '../clients/push-sender';
import type { NotificationsDb } from '../store/db';
import { removeDevices } from '../store/device-tokens';
import { advancePushJob, claimDuePushJobs, finishPushJob, nextTokenBatch, reschedulePushJob, type ClaimedPushJob } from '../store/push-jobs';

export interface PushDispatcherDeps {
  db: NotificationsDb;
  sender: PushSender;
  /** Tokens per FCM call: at most 500 (sendEachForMulticast's limit). */
  batchSize: number;
  retry: RetryPolicy;
  pollMs: number;
  /** Woken when a push job was queued: the next run starts at once instead of at its next poll. */
  wake: JobWake;
  leaseMs: number;
  logger: Logger;
  pushed?: Counter<string>;
  now: () => Date;
}

/** The whole batch failed in a way a later attempt may not (network, FCM down, auth refused). */
class BatchNotSent extends Error {}

/**
 * Delivers push notifications: for each pending job, the recipients' device tokens in batches of
 * at most 500 through FCM, moving the job's cursor after each batch (a restart resumes after the
 * last batch sent, not from the start). Tokens FCM reports unregistered or invalid are deleted.
 * A batch that fails as a whole is retried later with growing delays; the job ends FAILED after
 * the attempt limit. Per-token failures of other kinds are counted, not retried.
 *
 * A job of the service kit that every replica runs: each run claims one due push job under a lease,
 * so replicas share the queue. Each run is logged and counted by the kit
 * (service_job_runs_total{job="push-dispatcher"}); each message by its outcome here.
 */
export function pushDispatcherJob(deps: PushDispatcherDeps): ServiceJob {
  const log = deps.logger.child({ component: 'push-dispatcher' });

  async function deliver(job: ClaimedPushJob): Promise<void> {
    const content = { title: job.title, body: job.body, data: fcmData(job.notificationId, job.organizationId, job.data) };
    let cursor = { recipient: job.cursorRecipient, token: job.cursorToken };
    const totals = { sent: 0, failed: 0, removed: 0 };
    for (;;) {
      const batch = await nextTokenBatch(deps.db, job.notificationId, cursor, deps.batchSize);
      if (batch.length === 0) break;
      let results;
      try {
        results = await deps.sender.sendBatch(
          batch.map((t) => t.pushToken),
          content,
        );
      } catch (err) {
        throw new BatchNotSent(`FCM call failed: ${(err as Error).message}`);
      }
      const failures = results.flatMap((r) => (r.ok ? [] : [r]));
      if (batchFailedAsAWhole(batch.length, failures)) {
        throw new BatchNotSent(`every message of the batch failed: ${failures[0]?.code}: ${failures[0]?.message}`);
      }
      const dead = batch.filter((_, i) => {
        const r = results[i];
        return r !== undefined && !r.ok && isDeadTokenCode(r.code);
      });
      const removed = await removeDevices(
        deps.db,
        dead.map((t) => t.tokenId),
      );
      const last = batch[batch.length - 1] as (typeof batch)[number];
      const sent = batch.length - failures.length;
      await advancePushJob(deps.db, job.notificationId, {
        cursorRecipient: last.recipientId,
        cursorToken: last.tokenId,
        sent,
        failed: failures.length,
        tokensRemoved: removed,
        leaseMs: deps.leaseMs,
      });
      totals.sent += sent;
      totals.failed += failures.length;
      totals.removed += removed;
      deps.pushed?.inc({ outcome: 'sent' }, sent);
      if (failures.length > 0) deps.pushed?.inc({ outcome: 'failed' }, failures.length);
      cursor = { recipient: last.recipientId, token: last.tokenId };
      if (batch.length < deps.batchSize) break;
    }
    await finishPushJob(deps.db, job.notificationId, 'DONE', deps.now());
    log.info({ notificationId: job.notificationId, ...totals }, 'push delivered');
  }

  async function attempt(job: ClaimedPushJob): Promise<void> {
    try {
      await deliver(job);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (!(err instanceof BatchNotSent)) throw err;
      if (job.attempts >= deps.retry.maxAttempts) {
        await finishPushJob(deps.db, job.notificationId, 'FAILED', deps.now(), message);
        log.error({ notificationId: job.notificationId, attempts: job.attempts, error: message }, 'push delivery failed for good');
        return;
      }
      const delay = retryDelayMs(deps.retry, job.attempts);
      await reschedulePushJob(deps.db, job.notificationId, new Date(deps.now().getTime() + delay), message);
      log.warn({ notificationId: job.notificationId, attempt: job.attempts, retryInMs: delay, error: message }, 'push batch not sent; will retry');
    }
  }

  return dispatcherJob('push-dispatcher', deps, async () => {
    const jobs = await claimDuePushJobs(deps.db, 1, deps.leaseMs);
    for (const job of jobs) await attempt(job);
    return jobs.length;
  });
}
