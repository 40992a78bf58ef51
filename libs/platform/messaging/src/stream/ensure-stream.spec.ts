import { JetStreamApiError, type JetStreamManager, type StreamConfig, type StreamInfo } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { ensureStream } from './ensure-stream';

/** A JetStreamManager holding one stream's configuration in memory: what ensureStream reads, adds and updates. */
function fakeManager(existing?: Partial<StreamConfig>) {
  let config = existing as StreamConfig | undefined;
  const added: Partial<StreamConfig>[] = [];
  const updated: Partial<StreamConfig>[] = [];
  const info = (): StreamInfo => ({ config }) as StreamInfo;
  const jsm = {
    streams: {
      info: async () => {
        if (!config) throw new JetStreamApiError({ code: 404, err_code: 10059, description: 'stream not found' });
        return info();
      },
      add: async (wanted: Partial<StreamConfig>) => {
        added.push(wanted);
        config = wanted as StreamConfig;
        return info();
      },
      update: async (_name: string, wanted: Partial<StreamConfig>) => {
        updated.push(wanted);
        config = wanted as StreamConfig;
        return info();
      },
    },
  } as unknown as JetStreamManager;
  return { jsm, added, updated, current: () => config };
}

const subjects = ['identity.>', 'organisation.>'];
const twoMinutes = nanos(120_000);

describe('ensureStream: replicas (NATS_STREAM_REPLICAS)', () => {
  it('creates the stream with one replica unless told otherwise', async () => {
    const nats = fakeManager();
    await ensureStream(nats.jsm, { name: 'PLATFORM', subjects });
    expect(nats.added).toHaveLength(1);
    expect(nats.added[0]).toMatchObject({ name: 'PLATFORM', num_replicas: 1 });
  });

  it('creates it with the replicas given: three on a three-node cluster', async () => {
    const nats = fakeManager();
    await ensureStream(nats.jsm, { name: 'PLATFORM', subjects, replicas: 3 });
    expect(nats.added[0]).toMatchObject({ num_replicas: 3 });
  });

  it('changes an existing stream to the replicas given, keeping the rest of its configuration', async () => {
    const nats = fakeManager({ name: 'PLATFORM', subjects, duplicate_window: twoMinutes, num_replicas: 1, max_age: 42 });
    await ensureStream(nats.jsm, { name: 'PLATFORM', subjects, replicas: 3 });
    expect(nats.updated).toHaveLength(1);
    expect(nats.updated[0]).toMatchObject({ num_replicas: 3, max_age: 42, subjects });
    expect(nats.current()?.num_replicas).toBe(3);
  });

  it('leaves a stream alone when it already has them, and keeps its count when none is given', async () => {
    const settled = fakeManager({ name: 'PLATFORM', subjects, duplicate_window: twoMinutes, num_replicas: 3 });
    await ensureStream(settled.jsm, { name: 'PLATFORM', subjects, replicas: 3 });
    await ensureStream(settled.jsm, { name: 'PLATFORM', subjects });
    expect(settled.updated).toEqual([]);

    const widened = fakeManager({ name: 'PLATFORM', subjects: ['identity.>'], duplicate_window: twoMinutes, num_replicas: 3 });
    await ensureStream(widened.jsm, { name: 'PLATFORM', subjects });
    expect(widened.updated[0]).toMatchObject({ num_replicas: 3 });
  });
});
