import { context, propagation, ROOT_CONTEXT, trace, type Context, type TextMapGetter } from '@opentelemetry/api';

/**
 * W3C trace context (`traceparent`, `tracestate`, `baggage`) carried in a plain string record:
 * message headers, outbox rows. Without initTelemetry the API is a no-op and nothing is read or
 * written, so code that calls these works the same in processes without tracing.
 */

/** Header names are matched without regard to case (NATS and HTTP peers differ). */
const recordGetter: TextMapGetter<Record<string, string | string[] | undefined>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    if (carrier[key] !== undefined) return carrier[key];
    const lower = key.toLowerCase();
    const found = Object.keys(carrier).find((k) => k.toLowerCase() === lower);
    return found === undefined ? undefined : carrier[found];
  },
};

/** The trace context of `ctx` (default: the active one) as headers, e.g. `{ traceparent: '00-…' }`. */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(ctx, headers);
  return headers;
}

/** The context whose remote parent is the trace context found in `headers` (ROOT_CONTEXT plus it). */
export function contextFromHeaders(headers: Record<string, string | string[] | undefined>, base: Context = ROOT_CONTEXT): Context {
  return propagation.extract(base, headers, recordGetter);
}

/** `trace_id` and `span_id` of the active span, for log lines; empty without one. */
export function activeTraceFields(): Record<string, string> {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const sc = span.spanContext();
  if (!trace.isSpanContextValid(sc)) return {};
  return { trace_id: sc.traceId, span_id: sc.spanId };
}
