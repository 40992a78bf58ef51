import { createTestSchema, type TestSchema } from '@platform/testing';
import { orderByOf, pagedEnvelope, parsePageQuery, prismaOptions, runMigrations, softDeleteData, whereLive } from '../src';
import { Prisma, PrismaClient } from './fixture/src/store/generated/client';
import { fixtureMigrations } from './support/fixture';

/** The whole chain: generated client (tools/prisma/generate.mjs) + adapter + migrations in a non-public schema. */
describe('a generated Prisma client on a migrated service schema', () => {
  let db: TestSchema;
  let prisma: PrismaClient;

  beforeAll(async () => {
    db = await createTestSchema('prisma');
    await runMigrations({ connectionString: db.connectionString, schema: db.schema, migrationsDir: fixtureMigrations });
    prisma = new PrismaClient(prismaOptions({ connectionString: db.connectionString, schema: db.schema }));
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await db.drop();
  });
  beforeEach(() => prisma.member.deleteMany());

  it('writes and reads models, enums, decimals and relations in the service schema', async () => {
    const member = await prisma.member.create({
      data: { email: 'ada@example.org', name: 'Ada', fee: new Prisma.Decimal('12.50'), notes: { create: [{ body: 'hello' }] } },
      include: { notes: true },
    });
    expect(member).toMatchObject({ email: 'ada@example.org', status: 'ACTIVE', deletedAt: null, notes: [{ body: 'hello' }] });
    expect(member.fee.toString()).toBe('12.5');

    const [{ schema }] = await prisma.$queryRaw<{ schema: string }[]>`SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'Member'`;
    expect(schema).toBe(db.schema);
    // Raw SQL reaches the service schema through the session search_path.
    expect(await prisma.$queryRaw`SELECT count(*)::int AS n FROM "Member"`).toEqual([{ n: 1 }]);
  });

  it('runs hand-written migration SQL: the email trigger normalises addresses', async () => {
    const member = await prisma.member.create({ data: { email: '  Grace@Example.ORG ', name: 'Grace' } });
    expect(member.email).toBe('grace@example.org');
  });

  it('lets a soft-deleted member free its email for a new member (partial unique index)', async () => {
    const first = await prisma.member.create({ data: { email: 'lin@example.org', name: 'Lin' } });
    await expect(prisma.member.create({ data: { email: 'LIN@example.org', name: 'Lin again' } })).rejects.toMatchObject({ code: 'P2002' });

    await prisma.member.update({ where: { id: first.id }, data: softDeleteData() });
    const second = await prisma.member.create({ data: { email: 'lin@example.org', name: 'Lin again' } });
    await prisma.member.update({ where: { id: second.id }, data: softDeleteData() });
    const third = await prisma.member.create({ data: { email: 'lin@example.org', name: 'Lin thrice' } });

    expect(await prisma.member.count({ where: { email: 'lin@example.org' } })).toBe(3);
    expect(await prisma.member.findFirst({ where: whereLive({ email: 'lin@example.org' }) })).toMatchObject({ id: third.id });
  });

  it('pages and sorts with parsePageQuery and answers in the paged envelope', async () => {
    await prisma.member.createMany({ data: ['c', 'a', 'e', 'b', 'd'].map((n) => ({ email: `${n}@example.org`, name: n })) });
    const request = parsePageQuery(
      { page: '1', size: '2', sort: 'name,desc' },
      {
        sortable: ['name', 'createdAt'],
        defaultSort: { field: 'createdAt', direction: 'desc' },
      },
    );
    const where = whereLive({});
    const [rows, total] = await Promise.all([
      prisma.member.findMany({ where, orderBy: orderByOf(request.sort), skip: request.skip, take: request.take }),
      prisma.member.count({ where }),
    ]);
    expect(
      pagedEnvelope(
        rows.map((r) => r.name),
        total,
        request,
      ),
    ).toEqual({
      content: ['c', 'b'],
      totalElements: 5,
      totalPages: 3,
      page: 1,
      size: 2,
    });
  });

  it('keeps two clients on two schemas apart in one process', async () => {
    const other = await createTestSchema('prisma_other');
    await runMigrations({ connectionString: other.connectionString, schema: other.schema, migrationsDir: fixtureMigrations });
    const otherClient = new PrismaClient(prismaOptions({ connectionString: other.connectionString, schema: other.schema }));
    try {
      await prisma.member.create({ data: { email: 'only-here@example.org', name: 'Here' } });
      expect(await otherClient.member.count()).toBe(0);
      expect(await otherClient.$queryRaw`SELECT count(*)::int AS n FROM "Member"`).toEqual([{ n: 0 }]);
      expect(await prisma.member.count()).toBe(1);
    } finally {
      await otherClient.$disconnect();
      await other.drop();
    }
  });
});
