import { PoisonMessage } from '@platform/messaging';
import { DestinationRefused } from '@platform/outbound';
import { SiteError } from '../clients/ports';
import type { ConnectorDeps } from '../deps';
import { offsetMinutes } from '../domain/timezone';
import { bodyOf, freshUpdate, WRITE_BACK_PATHS, writesBack, type SiteUpdate, type WriteBackEntity } from '../domain/write-back';
import type { ConnectorRow } from '../store/connectors';
import type { Tx } from '../store/db';
import { lockWriteBackLinks, markWriteBackError, recordWrittenBack } from '../store/write-back-links';

/** A change made on the platform to a record that may have come from legacy sites. */
export interface PlatformChange {
  entity: WriteBackEntity;
  organizationId: string;
  /** The member's account id or the event's id (the external-id map's platform id). */
  platformId: string;
  /** ISO 8601: orders changes of one field. */
  occurredAt: string;
  /** The fields for one connector's site (its field mappings and offset). */
  updateFor(connector: ConnectorRow): SiteUpdate;
}

/** The site's read-only mode answers 403 with this code. */
const READ_ONLY_CODE = 'association_read_only';

/** What a failed PUT means: try the whole change again later, let it go (a read-only site), or never (dead letter). */
export function writeBackFailure(err: unknown): 'retry' | 'read-only' | 'key' | 'refused' {
  if (err instanceof DestinationRefused) return 'refused';
  if (!(err instanceof SiteError)) return 'retry';
  // 503 too: the site's database is down, or its key is not generated yet; both pass.
  if (err.transient || err.status === 503) return 'retry';
  if (err.status === 401) return 'key';
  if (err.status === 403 && err.code === READ_ONLY_CODE) return 'read-only';
  return 'refused';
}

/** Minutes east of UTC of a connector's stored offset (validated when saved). */
export const connectorOffset = (connector: Pick<ConnectorRow, 'sourceTimezone'>): number => offsetMinutes(connector.sourceTimezone) ?? 0;

/**
 * Writes a platform change back to every site the record came from (one `PUT /sync/<path>/{id}`
 * per connector that writes back: ACTIVE or ERROR, write-back on, the type enabled), in the
 * consumer's transaction with the record's links locked. Only fields not overtaken by a newer
 * written change go. A transient failure (network, timeout, 408, 429, 5xx) throws: the consumer
 * retries the change with its capped backoff, without limit. A read-only site's refusal lets the
 * change go. Any other refusal (400, 404, a refused destination) can never succeed: once every
 * connector was tried, the change is set aside as a dead letter naming them; a 401 (the sync key)
 * also puts the connector in ERROR, as a failed sync does.
 */
export async function writeBackChange(deps: ConnectorDeps, tx: Tx, change: PlatformChange): Promise<void> {
  const links = await lockWriteBackLinks(tx, change.organizationId, change.entity, change.platformId);
  const refused: string[] = [];
  for (const { connector, externalId, writtenBack } of links) {
    if (!writesBack(connector, change.entity)) continue;
    const update = freshUpdate(change.updateFor(connector), change.occurredAt, writtenBack);
    const fields = Object.keys(update);
    if (fields.length === 0) continue;
    const log = { connectorId: connector.id, entityType: change.entity, externalId, fields };
    try {
      const site = await deps.sites.open(connector.siteUrl, deps.secrets.open(connector.syncKeySealed));
      await site.update(WRITE_BACK_PATHS[change.entity], externalId, bodyOf(update));
    } catch (err) {
      const failure = writeBackFailure(err);
      const reason = err instanceof Error ? err.message : String(err);
      if (failure === 'retry') throw err;
      if (failure === 'read-only') {
        deps.logger.warn({ ...log, reason }, 'write-back: the site is in read-only mode; the change stays on the platform only');
        continue;
      }
      if (failure === 'key')
        await markWriteBackError(
          deps.db,
          connector.id,
          `A write-back was refused: the legacy site refused the sync key (${reason}): check the connector's sync key`,
        );
      deps.logger.error({ ...log, reason }, 'write-back refused by the site');
      refused.push(`connector ${connector.id} ${change.entity} ${externalId}: ${reason}`);
      continue;
    }
    await recordWrittenBack(tx, connector.id, change.entity, externalId, fields, change.occurredAt);
    deps.logger.info(log, 'write-back delivered');
  }
  if (refused.length > 0) throw new PoisonMessage(`the site refused the write-back: ${refused.join('; ')}`);
}
