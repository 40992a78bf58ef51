import { randomBytes } from 'node:crypto';
import { nanos } from '@nats-io/nats-core';
import {
  connectNats,
  ensureStream,
  isNatsHealthy,
  jetstream,
  jetstreamManager,
  MessagingNames,
  publishDirect,
  type JetStreamManager,
  type NatsConnection,
} from '../src';
import { encode, logger, NATS_URL } from './support/fixtures';

describe('stream and connection', () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let names: MessagingNames;

  beforeEach(async () => {
    nc = await connectNats({ url: NATS_URL, name: 'messaging-stream-test', logger });
    jsm = await jetstreamManager(nc);
    const id = randomBytes(5).toString('hex');
    names = new MessagingNames({ stream: `T_${id}`, subjectPrefix: `t${id}` });
  });

  afterEach(async () => {
    await jsm.streams.delete(names.stream).catch(() => undefined);
    if (!nc.isClosed()) await nc.close();
  });

  it('creates the stream with a two-minute duplicate window, and is idempotent', async () => {
    const created = await ensureStream(jsm, { name: names.stream, subjects: names.streamSubjects() });
    const again = await ensureStream(jsm, { name: names.stream, subjects: names.streamSubjects() });

    expect(created.config.subjects).toEqual(names.streamSubjects());
    expect(created.config.duplicate_window).toBe(nanos(120_000));
    expect(again.config.subjects).toEqual(created.config.subjects);
    expect(again.created).toBe(created.created);
  });

  it('widens the subjects when they grew, never dropping any', async () => {
    await ensureStream(jsm, { name: names.stream, subjects: names.streamSubjects(['identity', 'audit']) });
    const grown = await ensureStream(jsm, { name: names.stream, subjects: names.streamSubjects(['identity', 'storage']) });

    expect(grown.config.subjects).toEqual(names.streamSubjects(['identity', 'audit', 'storage']));
  });

  it('settles on the union when several services ensure it at once', async () => {
    const roots = ['identity', 'organisation', 'content', 'events', 'documents', 'notifications'];
    await Promise.all(roots.map((root) => ensureStream(jsm, { name: names.stream, subjects: names.streamSubjects([root, 'audit']) })));

    const info = await jsm.streams.info(names.stream);
    expect([...info.config.subjects!].sort()).toEqual(names.streamSubjects([...roots, 'audit']).sort());
  });

  it('drops a direct publication repeated with the same message id', async () => {
    await ensureStream(jsm, { name: names.stream, subjects: names.streamSubjects() });
    const js = jetstream(nc);
    const subject = names.subject('audit.recorded');

    const first = await publishDirect(js, subject, encode({ event: 'login.locked' }), { msgId: 'lockout:u1:1', headers: { traceparent: 't' } });
    const retry = await publishDirect(js, subject, encode({ event: 'login.locked' }), { msgId: 'lockout:u1:1' });

    expect([first.duplicate, retry.duplicate]).toEqual([false, true]);
    expect((await jsm.streams.info(names.stream)).state.messages).toBe(1);
    await expect(publishDirect(js, 'not a subject', encode({}), { msgId: 'x' })).rejects.toThrow('invalid event subject');
  });

  it('reports the connection healthy while connected, and not once closed or draining', async () => {
    expect(isNatsHealthy(nc)).toBe(true);
    const draining = nc.drain();
    expect(isNatsHealthy(nc)).toBe(false);
    await draining;
    expect(isNatsHealthy(nc)).toBe(false);
  });
});
