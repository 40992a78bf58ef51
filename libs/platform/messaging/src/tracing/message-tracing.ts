import { context, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import { contextFromHeaders, traceHeaders } from '@platform/telemetry';

/**
 * Trace context across the event stream: the producer's span context travels in the message
 * headers (`traceparent`, through the outbox row and the relay), and each delivery is handled in a
 * CONSUMER span whose parent is that context, so an event's handling joins the request's trace.
 * Without initTelemetry every span is a no-op and no header is added.
 */

const TRACER = '@platform/messaging';

const baseAttributes = (subject: string) => ({ 'messaging.system': 'nats', 'messaging.destination.name': subject });

/**
 * Starts a PRODUCER span for an event (child of the active context) and answers it with the
 * headers to send: the span's trace context, then the caller's own headers (which win).
 */
export function startProducerSpan(
  operation: 'create' | 'send',
  subject: string,
  headers: Record<string, string> | undefined,
): { span: Span; headers: Record<string, string> } {
  const span = trace.getTracer(TRACER).startSpan(`${operation} ${subject}`, {
    kind: SpanKind.PRODUCER,
    attributes: { ...baseAttributes(subject), 'messaging.operation.type': operation },
  });
  return { span, headers: { ...traceHeaders(trace.setSpan(context.active(), span)), ...headers } };
}

/** A CONSUMER span for one delivery, child of the producer's context found in the headers. */
export function startConsumerSpan(
  subject: string,
  headers: Record<string, string>,
  attributes: { consumer: string; messageId: string; deliveryCount: number },
): { span: Span; ctx: Context } {
  const parent = contextFromHeaders(headers);
  const span = trace.getTracer(TRACER).startSpan(
    `process ${subject}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        ...baseAttributes(subject),
        'messaging.operation.type': 'process',
        'messaging.consumer.group.name': attributes.consumer,
        'messaging.message.id': attributes.messageId,
        'messaging.delivery_count': attributes.deliveryCount,
      },
    },
    parent,
  );
  return { span, ctx: trace.setSpan(parent, span) };
}

/** Ends a span, marking it failed when `error` is given. */
export function endSpan(span: Span, error?: unknown): void {
  if (error !== undefined) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  }
  span.end();
}
