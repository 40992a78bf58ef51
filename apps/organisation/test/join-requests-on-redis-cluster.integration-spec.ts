import { randomBytes, randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { createRedisConnection, redisPrimaries, type RedisConnection } from '@platform/redis';
import { eventually, failure, startRedisCluster, type RedisClusterSet } from '@platform/testing';
import { startOrganisationHarness, type NewOrganization, type OrganisationHarness } from './organisation-harness';

/**
 * The join-request limits on a Redis Cluster of three masters started by the test
 * (REDIS_CLUSTER_NODES, REDIS_PASSWORD): the counting script touches several keys at once, all
 * under one hash tag, so it runs on one node whatever the addresses and client IPs.
 */
describe('join-request limits on a Redis Cluster', () => {
  let cluster: RedisClusterSet;
  let redis: RedisConnection;
  let h: OrganisationHarness;
  let org: NewOrganization;
  const prefix = `test:orgcluster:${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    cluster = await startRedisCluster();
    redis = createRedisConnection(cluster.topology);
    await redis.connect();
    h = await startOrganisationHarness('orgcluster', {
      ...cluster.env,
      REDIS_KEY_PREFIX: prefix,
      JOIN_REQUESTS_PER_EMAIL_PER_HOUR: '2',
      JOIN_REQUESTS_PER_IP_PER_HOUR: '3',
    });
    org = await h.newOrganization('join-on-cluster');
    await h.call('updateOrganisation', { id: org.org.id, allowJoinRequests: true }, org.ownerToken);
  });

  afterAll(async () => {
    await h?.stop();
    await redis?.quit();
    await cluster?.stop();
  });

  const submit = (email: string, ip: string) =>
    h.callFrom({ ip, userAgent: 'test' }, 'submitJoinRequest', { slug: org.org.slug, firstName: 'Jo', lastName: 'Joiner', email, message: '' }, '');
  const counters = async () =>
    (await Promise.all(redisPrimaries(redis).map(async (node) => (await node.keys(`${prefix}*`)).length))).reduce((a, b) => a + b, 0);

  it('counts per address and per client IP in one slot, and refuses past the limits with 429', async () => {
    // The service connects to the cluster at start and refuses nothing meanwhile (it fails open): wait until it counts.
    let warmUps = 0;
    await eventually(async () => {
      await submit(`warm-up-${randomUUID()}@example.org`, `198.51.100.${++warmUps}`);
      expect(await counters()).toBeGreaterThan(0);
    });

    await submit('limited@example.org', '203.0.113.10');
    await submit('limited@example.org', '203.0.113.11');
    expect((await failure(submit('LIMITED@example.org', '203.0.113.12')))?.code).toBe(status.RESOURCE_EXHAUSTED);

    for (const n of [1, 2, 3]) await submit(`ip${n}@example.org`, '203.0.113.20');
    expect((await failure(submit('ip4@example.org', '203.0.113.20')))?.code).toBe(status.RESOURCE_EXHAUSTED);

    const slots = new Set<number>();
    for (const node of redisPrimaries(redis)) for (const key of await node.keys(`${prefix}*`)) slots.add((await redis.cluster('KEYSLOT', key)) as number);
    expect(slots.size).toBe(1);
  });
});
