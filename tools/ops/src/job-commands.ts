import type { Pool } from 'pg';

/**
 * One kind of work a service keeps state for in a table of its own schema, and how to read the items
 * in progress. Each query takes `$1`, the stale cut-off (now minus --stale-after), and answers the
 * columns of JobRow: what an item is, whose, where it stands, since when, its last sign of life, and
 * whether it is stale (its runner has gone quiet, or nobody took it up).
 */
export interface JobSource {
  /** The registered service whose schema holds the table. */
  service: string;
  kind: string;
  query(schema: string): string;
}

interface JobRow {
  id: string;
  organization_id: string | null;
  state: string;
  started_at: Date | null;
  heartbeat_at: Date | null;
  progress: string;
  stale: boolean;
}

const q = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

/**
 * The platform's table-kept jobs. Periodic jobs without per-item state (organisation's membership
 * renewal scan, identity's and notifications' clean-ups) are not listed: their runs are counted in
 * `service_job_runs_total` and logged. Documents keeps no job state for remote files (an import only
 * records their address), so it contributes its pending object purges.
 */
export const JOB_SOURCES: readonly JobSource[] = [
  {
    // A sync job moves its heartbeat on at every page; the connector itself takes back a RUNNING
    // job silent for CONNECTOR_JOB_STALE_MS (default 300 s, as --stale-after).
    service: 'connector',
    kind: 'sync',
    query: (s) => `
      SELECT id::text, organization_id::text, status || ' ' || job_type AS state, started_at, heartbeat_at,
             'attempt ' || attempts || CASE WHEN progress::text IN ('{}', 'null') THEN '' ELSE ' ' || progress::text END
               || CASE WHEN stop_requested THEN ' (stop requested)' ELSE '' END AS progress,
             CASE WHEN status = 'RUNNING' THEN coalesce(heartbeat_at, started_at, created_at) < $1 ELSE created_at < $1 END AS stale
        FROM ${q(s)}.sync_job WHERE status IN ('PENDING', 'RUNNING') ORDER BY created_at, id`,
  },
  {
    // Queued emails, one line per organisation: a dispatcher holds a row until locked_until.
    service: 'notifications',
    kind: 'email-queue',
    query: (s) => `
      SELECT count(*) || ' email(s)' AS id, organization_id::text,
             CASE WHEN bool_or(locked_until > now()) THEN 'SENDING' ELSE 'QUEUED' END AS state,
             min(created_at) AS started_at, max(locked_until) AS heartbeat_at,
             'max attempts ' || max(attempts) || coalesce(', last error: ' || max(last_error), '') AS progress,
             bool_or(next_attempt_at < $1 AND (locked_until IS NULL OR locked_until < now())) AS stale
        FROM ${q(s)}.email_delivery GROUP BY organization_id ORDER BY min(created_at)`,
  },
  {
    service: 'notifications',
    kind: 'push',
    query: (s) => `
      SELECT p.notification_id::text AS id, n.organization_id::text, p.status::text AS state, p.created_at AS started_at,
             p.locked_until AS heartbeat_at,
             'sent ' || p.sent || ', failed ' || p.failed || ', attempt ' || p.attempts || coalesce(', last error: ' || p.last_error, '') AS progress,
             p.next_attempt_at < $1 AND (p.locked_until IS NULL OR p.locked_until < now()) AS stale
        FROM ${q(s)}.push_job p JOIN ${q(s)}.notification n ON n.id = p.notification_id
       WHERE p.status = 'PENDING' ORDER BY p.created_at, p.notification_id`,
  },
  {
    // Rewritten at the start and the end of a run: unfinished means running, or cut short.
    service: 'notifications',
    kind: 'projection-backfill',
    query: (s) => `
      SELECT name AS id, NULL AS organization_id, 'RUNNING' AS state, started_at, NULL::timestamptz AS heartbeat_at, '' AS progress,
             started_at < $1 AS stale
        FROM ${q(s)}.projection_backfill WHERE finished_at IS NULL ORDER BY started_at`,
  },
  {
    // Scheduled publication: announced by content's scheduled-announcements job once published_at is reached.
    service: 'content',
    kind: 'announcement',
    query: (s) => `
      SELECT id::text, organization_id::text, CASE WHEN published_at > now() THEN 'SCHEDULED' ELSE 'DUE' END AS state,
             published_at AS started_at, NULL::timestamptz AS heartbeat_at, left(title, 60) AS progress,
             published_at < $1 AS stale
        FROM ${q(s)}.article
       WHERE announcement = 'PENDING' AND status = 'PUBLISHED' AND deleted_at IS NULL ORDER BY published_at, id`,
  },
  {
    // Bytes of replaced or deleted files, removed by the purge job once purge_after has passed.
    service: 'documents',
    kind: 'object-purge',
    query: (s) => `
      SELECT count(*) || ' object(s)' AS id, NULL AS organization_id,
             CASE WHEN min(purge_after) <= now() THEN 'DUE' ELSE 'WAITING' END AS state,
             min(purge_after) AS started_at, NULL::timestamptz AS heartbeat_at,
             count(*) FILTER (WHERE purge_after <= now()) || ' due' AS progress, min(purge_after) < $1 AS stale
        FROM ${q(s)}.object_purges HAVING count(*) > 0`,
  },
];

export interface JobListing {
  /** The schema of each service (the registry's name, or the deployment's override). */
  schemas: Readonly<Record<string, string>>;
  staleAfterSeconds: number;
  /** Only the stale ones (`jobs --stale`). */
  onlyStale?: boolean;
  now?: Date;
  sources?: readonly JobSource[];
}

/**
 * `jobs [--stale]`: one line per item in progress in every service, oldest first within each kind;
 * stale ones marked. A service whose table cannot be read (not deployed, not migrated) says so.
 */
export async function listJobs(pool: Pool, options: JobListing): Promise<string[]> {
  const now = options.now ?? new Date();
  const staleBefore = new Date(now.getTime() - options.staleAfterSeconds * 1000);
  const lines: string[] = [];
  for (const source of options.sources ?? JOB_SOURCES) {
    const schema = options.schemas[source.service];
    if (!schema) continue;
    try {
      const { rows } = await pool.query<JobRow>(source.query(schema), [staleBefore]);
      for (const row of rows) if (!options.onlyStale || row.stale) lines.push(jobLine(source, row, now));
    } catch (err) {
      lines.push(`${source.service.padEnd(14)} ${source.kind}  unreadable: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (lines.length === 0) return [options.onlyStale ? `no stale jobs (none quiet for more than ${options.staleAfterSeconds} s)` : 'no jobs in progress'];
  return lines;
}

function jobLine(source: JobSource, row: JobRow, now: Date): string {
  const ago = (at: Date | null) => {
    if (!at) return '-';
    const seconds = Math.round((now.getTime() - at.getTime()) / 1000);
    return seconds < 0 ? `in ${-seconds} s` : `${seconds} s ago`;
  };
  return [
    source.service.padEnd(14),
    source.kind,
    row.id,
    `org=${row.organization_id ?? '-'}`,
    row.state,
    `started=${row.started_at?.toISOString() ?? '-'}`,
    `heartbeat=${ago(row.heartbeat_at)}`,
    row.progress,
    row.stale ? 'STALE' : '',
  ]
    .filter(Boolean)
    .join('  ');
}
