import pg from 'pg';
import { createTestSchema, testDatabaseUrl } from './test-schema';

async function schemaExists(connectionString: string, schema: string): Promise<boolean> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    return rowCount === 1;
  } finally {
    await client.end();
  }
}

describe('createTestSchema', () => {
  it('creates a uniquely named schema on the real server and drops it with its contents', async () => {
    const [a, b] = await Promise.all([createTestSchema('Member List!'), createTestSchema('Member List!')]);
    expect(a.schema).toMatch(/^t_member_list_[0-9a-f]{10}$/);
    expect(a.schema).not.toBe(b.schema);
    expect(await schemaExists(a.connectionString, a.schema)).toBe(true);

    const client = new pg.Client({ connectionString: a.connectionString });
    await client.connect();
    await client.query(`CREATE TABLE "${a.schema}".t (id int)`);
    await client.end();

    await Promise.all([a.drop(), b.drop()]);
    expect(await schemaExists(a.connectionString, a.schema)).toBe(false);
  });

  it('keeps long labels within the 63-character identifier limit', async () => {
    const s = await createTestSchema('x'.repeat(100));
    expect(s.schema.length).toBeLessThanOrEqual(63);
    await s.drop();
  });

  it('uses TEST_DATABASE_URL, then DATABASE_URL, then the local test database', () => {
    expect(testDatabaseUrl({ TEST_DATABASE_URL: 'postgresql://a/t', DATABASE_URL: 'postgresql://a/d' })).toBe('postgresql://a/t');
    expect(testDatabaseUrl({ DATABASE_URL: 'postgresql://a/d' })).toBe('postgresql://a/d');
    expect(testDatabaseUrl({})).toBe('postgresql://postgres@127.0.0.1:5432/test');
  });
});
