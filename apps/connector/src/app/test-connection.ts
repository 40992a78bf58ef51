import { DestinationRefused } from '@platform/outbound';
import type { connectorV1 } from '@platform/proto';
import { SiteError, type LegacySite } from '../clients/ports';
import type { ConnectorDeps } from '../deps';
import { IMPORTABLE_ENTITY_TYPES, PULL_PATHS, inImportOrder } from '../domain/entity-types';
import type { ConnectorRow } from '../store/connectors';

/** The sync interface needs plugin 1.2.0 or later (spec 9). */
export const MIN_PLUGIN_VERSION = '1.2.0';

/** a ≥ b for dotted numeric versions (`1.10.0` ≥ `1.2.0`); false when `a` is not one. */
export function versionAtLeast(a: string, b: string): boolean {
  if (!/^\d+(\.\d+)*$/.test(a)) return false;
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return true;
}

const why = (err: unknown): string =>
  err instanceof SiteError || err instanceof DestinationRefused || err instanceof Error ? err.message : 'unexpected error';

/**
 * The five checks of a connection test, in order; a check whose prerequisite failed fails with
 * "not checked: …". Nothing is written to the site, nothing is imported.
 *  1. SITE_REACHABLE: the URL passes the outbound-destination guard and the site answers HTTP;
 *  2. PING_OK: `GET /sync/ping` answers `{"status": "ok"}`;
 *  3. SYNC_KEY_ACCEPTED: a one-record page of the first enabled pull with the key is not 401/503;
 *  4. PLUGIN_VERSION: the ping's `plugin_version` is at least 1.2.0;
 *  5. ENTITY_TYPES_READABLE: a one-record page of every enabled entity type answers.
 */
export async function testConnection(deps: ConnectorDeps, connector: ConnectorRow): Promise<connectorV1.ConnectionTest> {
  const checks: connectorV1.ConnectionCheck[] = [];
  const add = (name: string, passed: boolean, message: string) => checks.push({ name, passed, message });
  const types = inImportOrder(connector.enabledEntityTypes).filter((t) => IMPORTABLE_ENTITY_TYPES.includes(t));

  let site: LegacySite | undefined;
  let ping: Record<string, unknown> | undefined;
  let reached = false;
  try {
    site = await deps.sites.open(connector.siteUrl, deps.secrets.open(connector.syncKeySealed));
    ping = await site.ping();
    reached = true;
    add('SITE_REACHABLE', true, `${connector.siteUrl} answered`);
  } catch (err) {
    // An HTTP answer other than 2xx still proves the site is reachable; the ping check says what is wrong.
    reached = err instanceof SiteError && err.status !== undefined;
    add('SITE_REACHABLE', reached, reached ? `${connector.siteUrl} answered` : why(err));
    if (reached) add('PING_OK', false, `the ping failed: ${why(err)}`);
  }
  if (!reached) {
    add('PING_OK', false, 'not checked: the site is not reachable');
  } else if (ping) {
    const ok = ping['status'] === 'ok';
    add('PING_OK', ok, ok ? 'the ping answered "ok"' : `the ping answered status ${JSON.stringify(ping['status'] ?? null)}`);
  }

  let keyOk = false;
  if (!site || !reached) add('SYNC_KEY_ACCEPTED', false, 'not checked: the site is not reachable');
  else {
    const probe = types[0] ?? 'MEMBERS';
    try {
      await site.page(PULL_PATHS[probe], { page: 1, perPage: 1 });
      keyOk = true;
      add('SYNC_KEY_ACCEPTED', true, 'the site accepted the sync key');
    } catch (err) {
      const refused = err instanceof SiteError && (err.status === 401 || err.status === 403 || err.status === 503);
      keyOk = !refused && err instanceof SiteError && err.status !== undefined;
      add('SYNC_KEY_ACCEPTED', keyOk, refused ? `the site refused the sync key: ${why(err)}` : keyOk ? 'the site accepted the sync key' : why(err));
    }
  }

  const version = typeof ping?.['plugin_version'] === 'string' ? (ping['plugin_version'] as string) : '';
  if (!ping) add('PLUGIN_VERSION', false, 'not checked: the ping did not answer');
  else if (!version) add('PLUGIN_VERSION', false, `the ping reports no plugin_version (needs ${MIN_PLUGIN_VERSION} or later)`);
  else {
    const ok = versionAtLeast(version, MIN_PLUGIN_VERSION);
    add('PLUGIN_VERSION', ok, ok ? `plugin ${version} (${MIN_PLUGIN_VERSION} or later)` : `plugin ${version} is older than ${MIN_PLUGIN_VERSION}`);
  }

  if (!site || !keyOk) add('ENTITY_TYPES_READABLE', false, 'not checked: the sync key is not accepted');
  else {
    const unreadable: string[] = [];
    for (const type of types) {
      try {
        await site.page(PULL_PATHS[type], { page: 1, perPage: 1 });
      } catch (err) {
        unreadable.push(`${type} (${why(err)})`);
      }
    }
    add(
      'ENTITY_TYPES_READABLE',
      unreadable.length === 0 && types.length > 0,
      types.length === 0 ? 'no entity type is enabled' : unreadable.length === 0 ? `readable: ${types.join(', ')}` : `not readable: ${unreadable.join('; ')}`,
    );
  }
  return { success: checks.every((c) => c.passed), checks, pluginVersion: version };
}
