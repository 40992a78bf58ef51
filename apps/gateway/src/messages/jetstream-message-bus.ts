import type { Registry } from 'prom-client';
import {
  type JetStreamClient,
  type NatsConnection,
  MessagingNames,
  connectNats,
  ensureStream,
  isNatsHealthy,
  jetstream,
  jetstreamManager,
  publishDirect,
  startConsumer,
  type Subject,
} from '@platform/messaging';
import type { Logger } from '@platform/telemetry';
import type { MessageBus, RunningSubscription, SubscribeOptions } from './message-bus';

export interface JetStreamMessageBusOptions {
  url: string;
  streamName: string;
  subjectPrefix: string;
  /** Replicas of the platform stream (NATS_STREAM_REPLICAS); absent: 1. */
  streamReplicas?: number;
  logger: Logger;
  metrics?: Registry;
}

/** The message bus on the platform's JetStream stream, through @platform/messaging. */
export class JetStreamMessageBus implements MessageBus {
  private readonly names: MessagingNames;
  private nc?: NatsConnection;
  private js?: JetStreamClient;
  private readonly subscriptions: RunningSubscription[] = [];

  constructor(private readonly options: JetStreamMessageBusOptions) {
    this.names = new MessagingNames({ stream: options.streamName, subjectPrefix: options.subjectPrefix });
  }

  async connect(): Promise<void> {
    this.nc = await connectNats({ url: this.options.url, name: 'gateway', logger: this.options.logger });
    await ensureStream(await jetstreamManager(this.nc), {
      name: this.names.stream,
      subjects: this.names.streamSubjects(),
      replicas: this.options.streamReplicas ?? 1,
    });
    this.js = jetstream(this.nc);
  }

  async publish(subject: Subject, payload: Uint8Array, msgId: string): Promise<void> {
    await publishDirect(this.client(), this.names.subject(subject), payload, { msgId });
  }

  async subscribe(
    durable: string,
    subject: Subject,
    handle: (payload: Uint8Array) => Promise<void>,
    options: SubscribeOptions = {},
  ): Promise<RunningSubscription> {
    const running = await startConsumer({
      js: this.client(),
      stream: this.names.stream,
      durable,
      filterSubjects: [this.names.filter(subject)],
      logger: this.options.logger,
      metrics: this.options.metrics,
      handle: (message) => handle(message.data),
      retryDelay: options.retryDelay,
    });
    this.subscriptions.push(running);
    return running;
  }

  healthy(): boolean {
    return this.nc !== undefined && isNatsHealthy(this.nc);
  }

  async close(): Promise<void> {
    await Promise.all(this.subscriptions.splice(0).map((s) => s.stop()));
    if (this.nc && !this.nc.isClosed()) await this.nc.drain();
  }

  private client(): JetStreamClient {
    if (!this.js) throw new Error('the message bus is not connected');
    return this.js;
  }
}
