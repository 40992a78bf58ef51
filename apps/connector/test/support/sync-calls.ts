import { randomUUID } from 'node:crypto';
import { eventually } from '@platform/testing';
import { LEGACY_SITE_TYPE_ID } from '../../src/domain/connector-types';
import type { ConnectorHarness } from '../connector-harness';

/** The harness, the organisation and its administrator's token; read at each call, since a suite sets them in beforeAll. */
export type SyncCaller = () => { h: ConnectorHarness; organizationId: string; token: string };

/** The connector and sync-job RPCs a sync suite drives as the organisation's administrator, against the harness's fake site. */
export function syncCalls(caller: SyncCaller) {
  /** A legacy-site connector on the fake site (site zone +10:00), the config given on top. */
  const createConnector = (config: Record<string, unknown> = {}) => {
    const { h, organizationId, token } = caller();
    return h.call(
      'createConnector',
      {
        organizationId,
        connectorTypeId: LEGACY_SITE_TYPE_ID,
        name: `Site ${randomUUID()}`,
        status: '',
        config: {
          siteUrl: h.site.url,
          syncKey: h.site.key,
          sourceTimezone: '+10:00',
          enabledEntityTypes: [],
          fieldMappings: {},
          replaceFieldMappings: false,
          ...config,
        },
      } as never,
      token,
    );
  };
  /** Queues a job (PENDING). */
  const start = (connectorId: string, jobType: string) => {
    const { h, organizationId, token } = caller();
    return h.call('startSync', { organizationId, connectorId, jobType }, token);
  };
  /** The job once it has COMPLETED or FAILED. */
  const ended = (connectorId: string, jobId: string, timeoutMs = 8000) => {
    const { h, organizationId, token } = caller();
    return eventually(async () => {
      const job = await h.call('getSyncJob', { organizationId, connectorId, jobId }, token);
      if (job.status !== 'COMPLETED' && job.status !== 'FAILED') throw new Error(`still ${job.status}`);
      return job;
    }, timeoutMs);
  };
  /** Queues a job and waits for its end. */
  const run = async (connectorId: string, jobType: string) => ended(connectorId, (await start(connectorId, jobType)).id);
  /** The first 100 log lines of a job, optionally of one entity type or action. */
  const logs = (connectorId: string, jobId: string, filter: { entityType?: string; action?: string } = {}) => {
    const { h, organizationId, token } = caller();
    return h.call(
      'listSyncLogs',
      { organizationId, connectorId, jobId, entityType: filter.entityType ?? '', action: filter.action ?? '', size: 100 } as never,
      token,
    );
  };
  return { createConnector, start, ended, run, logs };
}
