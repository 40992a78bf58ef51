import { AckPolicy, DeliverPolicy } from '@nats-io/jetstream';
import { connectNats, jetstream, jetstreamManager, type NatsConnection } from '@platform/messaging';
import { createLogger } from '@platform/telemetry';
import type { Platform } from './platform';

/** Reads the events a stack publishes: the next message on a subject after an action. */
export class EventTap {
  private constructor(
    private readonly nc: NatsConnection,
    private readonly platform: Platform,
  ) {}

  static async open(platform: Platform): Promise<EventTap> {
    const nc = await connectNats({ url: process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222', name: 'e2e-tap', logger: createLogger('e2e') });
    return new EventTap(nc, platform);
  }

  async next(logicalSubject: string, action: () => Promise<unknown>, timeoutMs = 5000): Promise<Uint8Array | undefined> {
    const jsm = await jetstreamManager(this.nc);
    const info = await jsm.consumers.add(this.platform.streamName, {
      filter_subject: `${this.platform.subjectPrefix}.${logicalSubject}`,
      deliver_policy: DeliverPolicy.New,
      ack_policy: AckPolicy.None,
      inactive_threshold: 30_000_000_000,
    });
    const consumer = await jetstream(this.nc).consumers.get(this.platform.streamName, info.name);
    await action();
    const msg = await consumer.next({ expires: timeoutMs });
    await consumer.delete().catch(() => undefined);
    return msg?.data;
  }

  close(): Promise<void> {
    return this.nc.close();
  }
}
