// A driver adapter factory for the wasm schema engine that works around what @prisma/adapter-pg
// gets wrong for migrations on these machines:
// - executeScript splits scripts on `;`, which breaks `$$` function bodies: scripts run whole here;
// - connectToShadowDb spreads a connection string, so the "shadow" is the main database: the
//   connection is given as host/port/user/database fields instead;
// - the shadow pool is not told the service schema: search_path and the adapter schema are set;
// - its dispose drops the shadow database while its own pool still holds connections: the pool
//   ends first;
// - introspection reads Postgres "char" columns (OID 18), which adapter-pg rejects: they are
//   reported as text;
// - the engine creates the schema of its main connection: with `scratch`, that connection goes to
//   a throw-away database as well.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';

const CHAR_OID = 18;
const TEXT_OID = 25;

function charAsText(result) {
  for (const r of Array.isArray(result) ? result : [result]) {
    for (const field of r?.fields ?? []) if (field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID;
  }
  return result;
}

/** pg.Client that reports "char" result columns as text; covers callback and promise calls. */
class CharAsTextClient extends pg.Client {
  query(config, values, callback) {
    const cb = typeof callback === 'function' ? callback : typeof values === 'function' ? values : undefined;
    if (cb) {
      const wrapped = (err, res) => cb(err, err ? res : charAsText(res));
      return typeof values === 'function' ? super.query(config, wrapped) : super.query(config, values, wrapped);
    }
    if (config && typeof config.submit === 'function') return super.query(config, values);
    return super.query(config, values).then(charAsText);
  }
}

/** host/port/user/password/database from a postgres:// URL (never passed on as a connection string). */
export function connectionFields(url) {
  const u = new URL(url);
  return {
    host: decodeURIComponent(u.hostname) || '127.0.0.1',
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username) || 'postgres',
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: decodeURIComponent(u.pathname.slice(1)) || 'postgres',
  };
}

const quote = (name) => pg.escapeIdentifier(name);

async function withAdmin(fields, fn) {
  const client = new pg.Client(fields);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function createDatabase(fields, prefix) {
  const database = `${prefix}_${randomBytes(8).toString('hex')}`;
  await withAdmin(fields, (c) => c.query(`CREATE DATABASE ${quote(database)}`));
  return { ...fields, database };
}

async function dropDatabase(fields, database) {
  await withAdmin(fields, (c) => c.query(`DROP DATABASE IF EXISTS ${quote(database)}`));
}

async function connectAdapter(fields, schema, release) {
  const pool = new pg.Pool({
    ...fields,
    options: `-c search_path=${quote(schema)}`,
    Client: CharAsTextClient,
    max: 4,
    allowExitOnIdle: true,
  });
  const adapter = await new PrismaPg(pool, { schema }).connect();
  adapter.executeScript = async (script) => {
    try {
      await pool.query(script);
    } catch (error) {
      adapter.onError(error);
    }
  };
  let disposed;
  adapter.dispose = () => {
    disposed ??= pool.end().then(() => release?.());
    return disposed;
  };
  return adapter;
}

/**
 * Adapter factory for the schema engine. `connectToShadowDb()` creates a throw-away database (with
 * `schema` inside it) that is dropped on dispose. `connect()` reaches the database of
 * `connectionString`, or with `scratch: true` another throw-away database: the engine creates the
 * schema of its main connection, and authoring a migration must not leave traces on the server.
 * Call `close()` when done.
 */
export function migrationAdapterFactory({ connectionString, schema, scratch = false }) {
  const fields = connectionFields(connectionString);
  const opened = [];
  let scratchFields;
  const mainFields = () => (scratch ? (scratchFields ??= createDatabase(fields, 'prisma_scratch')) : Promise.resolve(fields));

  const factory = {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',
    async connect() {
      const adapter = await connectAdapter(await mainFields(), schema);
      opened.push(adapter);
      return adapter;
    },
    async connectToShadowDb() {
      const shadow = await createDatabase(fields, 'prisma_shadow');
      try {
        await withAdmin(shadow, (c) => c.query(`CREATE SCHEMA IF NOT EXISTS ${quote(schema)}`));
        return await connectAdapter(shadow, schema, () => dropDatabase(fields, shadow.database));
      } catch (error) {
        await dropDatabase(fields, shadow.database);
        throw error;
      }
    },
  };
  const bound = bindMigrationAwareSqlAdapterFactory(factory);
  bound.close = async () => {
    await Promise.all(opened.map((adapter) => adapter.dispose()));
    if (scratchFields) await dropDatabase(fields, (await scratchFields).database);
  };
  return bound;
}
