import { jetstream, jetstreamManager, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import type { Logger } from '@platform/telemetry';
import { MessagingNames } from '../names/messaging-names';
import { ensureStream } from '../stream/ensure-stream';
import { streamReplicasFromEnv } from '../stream/stream-replicas';
import { connectNats } from './connect-nats';

export interface PlatformMessaging {
  nc: NatsConnection;
  js: JetStreamClient;
  /** Stream and subject names of this process (STREAM_NAME, SUBJECT_PREFIX). */
  names: MessagingNames;
}

/**
 * What every service does at start before it publishes or consumes: connect to NATS, make sure the
 * platform stream holds every platform subject with NATS_STREAM_REPLICAS copies, and hand back the
 * JetStream client and the names.
 */
export async function connectPlatformMessaging(options: { url: string; name: string; logger: Logger; env?: NodeJS.ProcessEnv }): Promise<PlatformMessaging> {
  const names = MessagingNames.fromEnv(options.env);
  const replicas = streamReplicasFromEnv(options.env);
  const nc = await connectNats({ url: options.url, name: options.name, logger: options.logger });
  await ensureStream(await jetstreamManager(nc), { name: names.stream, subjects: names.streamSubjects(), replicas });
  return { nc, js: jetstream(nc), names };
}
