import pg from 'pg';
import { MigrationError, MigrationErrorCode } from './migration-error';

/** The minimum of a client the check needs: a query answering rows. */
export interface SessionCheckClient {
  query(sql: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}

/**
 * Whether `DATABASE_URL` keeps one server session per client connection, as the services need
 * (session advisory locks for jobs and migrations, `LISTEN` for the outbox relay; docs/operations.md,
 * "PgBouncer"). A pooler in transaction or statement mode (PgBouncer's `pool_mode = transaction`)
 * hands each transaction to any server connection, which a quiet pooler hides by reusing the last
 * one: so `first` takes a session lock while `second` holds a transaction open (taking, in
 * transaction pooling, the server connection `first` just released), then `first` releases its
 * lock. On its own session that succeeds; on another server connection it fails, and the lock is
 * released from `second`, which then sits on the session holding it.
 */
export async function keepsSessions(first: SessionCheckClient, second: SessionCheckClient): Promise<boolean> {
  const key = Math.floor(Math.random() * 2 ** 31);
  await first.query('SELECT pg_advisory_lock($1, $2)', [SESSION_CHECK_LOCK, key]);
  await second.query('BEGIN');
  try {
    const released = await first.query('SELECT pg_advisory_unlock($1, $2) AS released', [SESSION_CHECK_LOCK, key]);
    if (released.rows[0]?.['released'] === true) return true;
    await second.query('SELECT pg_advisory_unlock($1, $2)', [SESSION_CHECK_LOCK, key]);
    return false;
  } finally {
    await second.query('COMMIT');
  }
}

/** The first key of the check's lock, apart from the jobs' and the migrations' locks. */
const SESSION_CHECK_LOCK = 72707370;

/**
 * Refuses to start on a connection that does not keep sessions (MigrationError SESSION_POOLING_REQUIRED),
 * with what to change: the services would otherwise hold job locks forever and lose notifications.
 */
export async function assertSessionPooling(connectionString: string): Promise<void> {
  // A pooler with a single server connection would make the second client wait for the first:
  // every query of the check gives up after 5 s.
  const clients = [0, 1].map(() => new pg.Client({ connectionString, application_name: 'platform-session-check', query_timeout: 5_000 }));
  try {
    await Promise.all(clients.map((client) => client.connect()));
    const [first, second] = clients as [pg.Client, pg.Client];
    const kept = await keepsSessions(first, second).catch((err: Error) => {
      throw new MigrationError(MigrationErrorCode.SESSION_POOLING_REQUIRED, `the session check could not finish: ${err.message}`, [], { cause: err });
    });
    if (!kept)
      throw new MigrationError(
        MigrationErrorCode.SESSION_POOLING_REQUIRED,
        'DATABASE_URL reaches PostgreSQL through a pooler in transaction or statement mode: the services need a session per connection ' +
          '(advisory locks, LISTEN). Set PgBouncer to pool_mode = session, or point DATABASE_URL at PostgreSQL itself (docs/operations.md, "PgBouncer").',
      );
  } finally {
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
  }
}
