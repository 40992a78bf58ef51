import { PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import { DestinationRefused } from '@platform/outbound';
import type { ConnectorDeps } from '../deps';
import { resolveSettings, type ConfigInput, type ConnectorSettings } from '../domain/connector-config';
import { adminTransition, isScheduled } from '../domain/connector-status';
import { connectorTypeOf } from '../domain/connector-types';
import { findConnector, insertConnector, updateConnector, type ConnectorRow } from '../store/connectors';
import { recordConnectorAudit } from './connector-audit';

export const connectorNotFound = () => PlatformError.notFound('Connector');

/** An obviously refused site URL (a private IP, a port other than 80/443 not allowed by the operator) is a 400 on config.siteUrl. */
function checkDestination(deps: ConnectorDeps, siteUrl: string): void {
  try {
    deps.sites.checkStatic(siteUrl);
  } catch (err) {
    if (err instanceof DestinationRefused) throw PlatformError.validation([{ field: 'config.siteUrl', message: err.message }]);
    throw err;
  }
}

const settingsOf = (row: ConnectorRow): ConnectorSettings => ({
  siteUrl: row.siteUrl,
  enabledEntityTypes: row.enabledEntityTypes,
  syncIntervalMinutes: row.syncIntervalMinutes,
  copyImages: row.copyImages,
  copyDocumentFiles: row.copyDocumentFiles,
  fieldMappings: (row.fieldMappings ?? {}) as Record<string, string>,
  sourceTimezone: row.sourceTimezone,
  writeBack: row.writeBack,
});

function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 100) throw PlatformError.validation([{ field: 'name', message: 'must be 1 to 100 characters' }]);
  return trimmed;
}

/** The organisation's connector, or 404. */
export async function ownedConnector(deps: ConnectorDeps, organizationId: string, connectorId: string): Promise<ConnectorRow> {
  const row = await findConnector(deps.db, organizationId, connectorId);
  if (!row) throw connectorNotFound();
  return row;
}

/** A LEGACY_SITE connector with its sync key sealed; ACTIVE unless told PAUSED or DISABLED. Starts no sync. */
export async function createConnector(
  deps: ConnectorDeps,
  ctx: CallContext,
  input: { organizationId: string; connectorTypeId: string; name: string; config?: ConfigInput; status: string; createdBy: string },
): Promise<ConnectorRow> {
  const type = connectorTypeOf(input.connectorTypeId);
  if (!type) throw PlatformError.validation([{ field: 'connectorTypeId', message: 'names no connector type (GET /api/connectors/types)' }]);
  if (type.availability !== 'AVAILABLE')
    throw PlatformError.validation([{ field: 'connectorTypeId', message: `${type.code} is coming soon and cannot be created yet` }]);
  const name = checkName(input.name);
  const status = input.status.trim() === '' ? 'ACTIVE' : adminTransition('ACTIVE', input.status.trim());
  const { settings, syncKey } = resolveSettings(input.config);
  checkDestination(deps, settings.siteUrl);
  return deps.db.$transaction(async (tx) => {
    const row = await insertConnector(tx, {
      organizationId: input.organizationId,
      typeCode: type.code,
      name,
      status,
      ...settings,
      syncKeySealed: deps.secrets.seal(syncKey as string),
      createdBy: input.createdBy,
    });
    await recordConnectorAudit(deps, tx, ctx, 'CONNECTOR_CREATED', {
      organizationId: row.organizationId,
      resourceType: 'CONNECTOR',
      resourceId: row.id,
      detail: { name, type: type.code, siteUrl: settings.siteUrl, status },
    });
    return row;
  });
}

/**
 * Changes the given fields. A new interval reschedules an initialised, scheduled connector from
 * now; 0 removes its schedule. Status: ACTIVE, PAUSED or DISABLED (ACTIVE clears an ERROR).
 */
export async function changeConnector(
  deps: ConnectorDeps,
  ctx: CallContext,
  input: { organizationId: string; connectorId: string; name?: string; config?: ConfigInput; status?: string },
): Promise<ConnectorRow> {
  const row = await ownedConnector(deps, input.organizationId, input.connectorId);
  const name = input.name !== undefined ? checkName(input.name) : row.name;
  const status = input.status !== undefined ? adminTransition(row.status, input.status.trim()) : row.status;
  const { settings, syncKey } = resolveSettings(input.config, settingsOf(row));
  if (settings.siteUrl !== row.siteUrl) checkDestination(deps, settings.siteUrl);
  const rescheduled = settings.syncIntervalMinutes !== row.syncIntervalMinutes || status !== row.status;
  const now = deps.now();
  const nextSyncAt = !rescheduled
    ? row.nextSyncAt
    : settings.syncIntervalMinutes > 0 && isScheduled(status) && row.initialImportCompletedAt
      ? new Date(now.getTime() + settings.syncIntervalMinutes * 60_000)
      : null;
  const before = settingsOf(row);
  const changed = [
    ...(name !== row.name ? ['name'] : []),
    ...(status !== row.status ? ['status'] : []),
    ...(Object.keys(settings) as Array<keyof ConnectorSettings>).filter((k) => JSON.stringify(settings[k]) !== JSON.stringify(before[k])),
    ...(syncKey !== undefined ? ['syncKey'] : []),
  ];
  return deps.db.$transaction(async (tx) => {
    const updated = await updateConnector(tx, row.id, {
      name,
      status,
      ...settings,
      nextSyncAt,
      ...(status === 'ACTIVE' && row.status === 'ERROR' ? { lastError: null } : {}),
      ...(syncKey !== undefined ? { syncKeySealed: deps.secrets.seal(syncKey) } : {}),
    });
    if (changed.length > 0) {
      await recordConnectorAudit(deps, tx, ctx, 'CONNECTOR_UPDATED', {
        organizationId: row.organizationId,
        resourceType: 'CONNECTOR',
        resourceId: row.id,
        detail: { changed, ...(status !== row.status ? { from: row.status, to: status } : {}) },
      });
    }
    return updated;
  });
}
