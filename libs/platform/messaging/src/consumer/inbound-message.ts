import type { JsMsg } from '@nats-io/jetstream';
import { fromNatsHeaders } from '../nats/nats-headers';

/** What a handler receives. */
export interface InboundMessage {
  /** Wire subject (with the test prefix, if any); `MessagingNames.logical()` strips it. */
  subject: string;
  data: Uint8Array;
  /** All message headers, including `Nats-Msg-Id` and `traceparent` when present. */
  headers: Record<string, string>;
  /** `Nats-Msg-Id` (the outbox id), or `<stream>:<sequence>` for a message published without one. */
  messageId: string;
  /** 1 on first delivery. */
  deliveryCount: number;
}

export function toInboundMessage(m: JsMsg): InboundMessage {
  const headers = fromNatsHeaders(m.headers);
  return {
    subject: m.subject,
    data: m.data,
    headers,
    messageId: headers['Nats-Msg-Id'] || `${m.info.stream}:${m.info.streamSequence}`,
    deliveryCount: m.info.deliveryCount,
  };
}
