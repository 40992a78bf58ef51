import pg from 'pg';
import { assertSessionPooling, keepsSessions, type SessionCheckClient } from '../src/session-check';

const DATABASE_URL = process.env['TEST_DATABASE_URL'] ?? process.env['DATABASE_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/test';

/**
 * PgBouncer's transaction pooling over real PostgreSQL connections: each client's statement (or
 * transaction, BEGIN to COMMIT) runs on whichever server connection is free, the most recently
 * released first (PgBouncer's default, server_round_robin = 0).
 */
function transactionPooler(servers: pg.Client[]) {
  const free = [...servers];
  return (): SessionCheckClient => {
    let pinned: pg.Client | undefined;
    return {
      async query(sql, values) {
        const server = pinned ?? free.pop();
        if (!server) throw new Error('no free server connection');
        const result = await server.query(sql, values);
        if (sql === 'BEGIN') pinned = server;
        else if (!pinned || sql === 'COMMIT') {
          pinned = undefined;
          free.push(server);
        }
        return result;
      },
    };
  };
}

describe('the session check (PgBouncer in transaction mode refused at start)', () => {
  const opened: pg.Client[] = [];
  const connect = async () => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    opened.push(client);
    await client.connect();
    return client;
  };
  afterAll(async () => {
    for (const client of opened) await client.end().catch(() => undefined);
  });

  it('passes on PostgreSQL itself: each connection keeps its session', async () => {
    expect(await keepsSessions(await connect(), await connect())).toBe(true);
    await expect(assertSessionPooling(DATABASE_URL)).resolves.toBeUndefined();
  });

  it('finds a transaction pooler, and leaves no lock behind', async () => {
    const servers = [await connect(), await connect()];
    const client = transactionPooler(servers);
    expect(await keepsSessions(client(), client())).toBe(false);
    const held = await servers[0]!.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = 72707370`);
    expect(held.rows[0].n).toBe(0);
  });
});
