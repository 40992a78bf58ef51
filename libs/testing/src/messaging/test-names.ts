import { randomBytes } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { JetStreamApiCodes, JetStreamApiError, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { deadLetterStream, ensureStream, MessagingNames } from '@platform/messaging';

/** The NATS server tests use: TEST_NATS_URL, else NATS_URL, else the local one. */
export function testNatsUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env['TEST_NATS_URL'] ?? env['NATS_URL'] ?? 'nats://127.0.0.1:4222';
}

export interface TestMessaging {
  /** Stream `T_<label><random>` and subject prefix `t<label><random>`, unique to this suite. */
  names: MessagingNames;
  /** What a service process started by the test needs to use the same stream and subjects. */
  env: { STREAM_NAME: string; SUBJECT_PREFIX: string; NATS_URL: string };
  /** Creates the stream with every platform subject, as services do at start. */
  ensureStream(): Promise<void>;
  /** Deletes the stream (and its dead letters), with its messages and consumers. Call it in afterAll. */
  cleanup(): Promise<void>;
}

/**
 * Gives a test suite a stream and subjects of its own on the real NATS server, so suites run in
 * parallel without seeing each other's events.
 */
export function createTestMessaging(label: string, natsUrl = testNatsUrl()): TestMessaging {
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 16);
  const id = `${slug}${randomBytes(4).toString('hex')}`;
  const names = new MessagingNames({ stream: `T_${id}`, subjectPrefix: `t${id}` });
  return {
    names,
    env: { STREAM_NAME: names.stream, SUBJECT_PREFIX: names.subjectPrefix, NATS_URL: natsUrl },
    ensureStream: () => withManager(natsUrl, (jsm) => ensureStream(jsm, { name: names.stream, subjects: names.streamSubjects() }).then(() => undefined)),
    cleanup: () =>
      withManager(natsUrl, async (jsm) => {
        for (const stream of [names.stream, deadLetterStream(names.stream)]) await jsm.streams.delete(stream).then(() => undefined, ignoreMissingStream);
      }),
  };
}

async function withManager<T>(url: string, work: (jsm: JetStreamManager) => Promise<T>): Promise<T> {
  const nc = await connect({ servers: url.split(',').map((s) => s.trim()), name: 'test-messaging' });
  try {
    return await work(await jetstreamManager(nc));
  } finally {
    await nc.close();
  }
}

function ignoreMissingStream(err: unknown): void {
  if (err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound) return;
  throw err;
}
