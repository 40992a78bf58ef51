import type { Subject } from '@platform/messaging';

/**
 * The gateway's use of the message stream, kept small so the request path depends on this interface
 * rather than on NATS. Subjects are logical and catalogued (`audit.recorded`); the implementation
 * adds the deployment's prefix.
 */
export interface MessagePublisher {
  /** Publishes straight to the stream (the gateway has no database, so no outbox). */
  publish(subject: Subject, payload: Uint8Array, msgId: string): Promise<void>;
}

export interface RunningSubscription {
  stop(): Promise<void>;
  /** Deliveries keep failing for reasons outside the messages (Redis down…): readiness reports it. */
  stalled(): boolean;
}

export interface SubscribeOptions {
  /** Delay before a failed message comes back: doubles from baseMs up to maxMs (default 1 s to 60 s). */
  retryDelay?: { baseMs?: number; maxMs?: number };
}

export interface MessageSubscriber {
  /** A durable consumer shared by every gateway replica: each message is handled once; the handler must be idempotent. */
  subscribe(durable: string, subject: Subject, handle: (payload: Uint8Array) => Promise<void>, options?: SubscribeOptions): Promise<RunningSubscription>;
}

export interface MessageBus extends MessagePublisher, MessageSubscriber {
  connect(): Promise<void>;
  healthy(): boolean;
  close(): Promise<void>;
}
