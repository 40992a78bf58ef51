import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';
import { Metadata, status } from '@grpc/grpc-js';

/**
 * W3C trace context in gRPC metadata (`traceparent`, `tracestate`, `baggage`), propagated explicitly
 * by the service kit rather than by auto-instrumentation. Without initTelemetry these are no-ops.
 */

const TRACER = '@platform/grpc-server';

const metadataGetter: TextMapGetter<Metadata> = {
  keys: (metadata) => Object.keys(metadata.getMap()),
  get: (metadata, key) => {
    const values = metadata.get(key).map((v) => (typeof v === 'string' ? v : v.toString('utf8')));
    return values.length === 0 ? undefined : values;
  },
};

const metadataSetter: TextMapSetter<Metadata> = {
  set: (metadata, key, value) => metadata.set(key, value),
};

/** Adds the trace context of `ctx` (default: the active one) to outgoing metadata. */
export function injectTraceMetadata(metadata: Metadata, ctx: Context = context.active()): Metadata {
  propagation.inject(ctx, metadata, metadataSetter);
  return metadata;
}

/** The context whose remote parent is the caller's trace context in incoming metadata. */
export function contextFromMetadata(metadata: Metadata): Context {
  return propagation.extract(ROOT_CONTEXT, metadata, metadataGetter);
}

/** `/platform.identity.v1.IdentityService/OrgLogin` → span name and rpc.* attributes. */
function rpcAttributes(path: string): { name: string; attributes: Record<string, string> } {
  const [, service = '', method = ''] = path.split('/');
  return { name: `${service}/${method}`, attributes: { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': method } };
}

/** Server codes that mean the server failed (semantic conventions); a 4xx-like code is the caller's. */
const SERVER_FAULTS = new Set<number>([status.UNKNOWN, status.DEADLINE_EXCEEDED, status.UNIMPLEMENTED, status.INTERNAL, status.UNAVAILABLE, status.DATA_LOSS]);

/** A SERVER span for an incoming call, child of the caller's context from the metadata. */
export function startServerSpan(path: string, metadata: Metadata): { span: Span; ctx: Context } {
  const parent = contextFromMetadata(metadata);
  const { name, attributes } = rpcAttributes(path);
  const span = trace.getTracer(TRACER).startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
  return { span, ctx: trace.setSpan(parent, span) };
}

/** A CLIENT span for an outgoing call, child of `parent` (default: the active context). */
export function startClientSpan(path: string, parent: Context = context.active()): { span: Span; ctx: Context } {
  const { name, attributes } = rpcAttributes(path);
  const span = trace.getTracer(TRACER).startSpan(name, { kind: SpanKind.CLIENT, attributes }, parent);
  return { span, ctx: trace.setSpan(parent, span) };
}

/** Records the gRPC status code on a span and ends it. */
export function endRpcSpan(span: Span, kind: 'server' | 'client', code: number, message?: string): void {
  span.setAttribute('rpc.grpc.status_code', code);
  const failed = kind === 'client' ? code !== status.OK : SERVER_FAULTS.has(code);
  if (failed) span.setStatus({ code: SpanStatusCode.ERROR, message: message ?? status[code] });
  span.end();
}
