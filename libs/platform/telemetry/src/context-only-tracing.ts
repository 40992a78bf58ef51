import { randomFillSync } from 'node:crypto';
import { context, propagation, trace, TraceFlags, type Context, type Span, type SpanOptions, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
// The propagators' own modules, not @opentelemetry/core's index: that loads most of the package
// (1 MB of heap), which only the SDK needs. context-only-tracing.spec.ts runs this mode on them.
import { CompositePropagator } from '@opentelemetry/core/build/src/propagation/composite';
import { W3CBaggagePropagator } from '@opentelemetry/core/build/src/baggage/propagation/W3CBaggagePropagator';
import { W3CTraceContextPropagator } from '@opentelemetry/core/build/src/trace/W3CTraceContextPropagator';

/**
 * Trace context without the SDK, for a process that records no spans (no exporter, the default):
 * every span is a non-recording one with ids of its own (continuing its parent's trace and sampling
 * decision, a new sampled trace without one), active contexts follow async calls, and W3C trace
 * context and baggage travel in and out as with the SDK. So logs still carry trace and span ids and
 * a request keeps one trace id across the services, while the process loads only the API, the
 * context manager and the propagators instead of the SDK (see tracing.ts).
 */
export function startContextOnlyTracing(): { shutdown(): void } {
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
  const tracer = new ContextOnlyTracer();
  trace.setGlobalTracerProvider({ getTracer: () => tracer });
  return { shutdown: () => void contextManager.disable() };
}

/**
 * Random bytes for ids, drawn from a pool refilled 4 KB at a time: one `randomBytes` call per id
 * (two ids per span, a span or two per request) cost the gateway about 50 µs of CPU per request
 * (docs/performance.md, "CPU per request"). Trace and span ids are not secrets; they need only be
 * unpredictable enough not to collide.
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

/** Random lower-case hex of `bytes` bytes, never all zeros (an invalid id). */
function randomId(bytes: number): string {
  if (poolOffset + bytes > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const id = pool.toString('hex', poolOffset, poolOffset + bytes);
  poolOffset += bytes;
  return /^0+$/.test(id) ? randomId(bytes) : id;
}

class ContextOnlyTracer implements Tracer {
  startSpan(_name: string, options: SpanOptions = {}, ctx: Context = context.active()): Span {
    const parent = options.root ? undefined : trace.getSpanContext(ctx);
    const continued = parent !== undefined && trace.isSpanContextValid(parent);
    return trace.wrapSpanContext({
      traceId: continued ? parent.traceId : randomId(16),
      spanId: randomId(8),
      traceFlags: continued ? parent.traceFlags : TraceFlags.SAMPLED,
      ...(continued && parent.traceState ? { traceState: parent.traceState } : {}),
    });
  }

  startActiveSpan<F extends (span: Span) => unknown>(name: string, fn: F): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(name: string, options: SpanOptions, fn: F): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(name: string, options: SpanOptions, ctx: Context, fn: F): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(name: string, ...args: [F] | [SpanOptions, F] | [SpanOptions, Context, F]): ReturnType<F> {
    const fn = args[args.length - 1] as F;
    const options = args.length > 1 ? (args[0] as SpanOptions) : undefined;
    const parent = args.length > 2 ? (args[1] as Context) : context.active();
    const span = this.startSpan(name, options, parent);
    return context.with(trace.setSpan(parent, span), fn as (span: Span) => ReturnType<F>, undefined, span);
  }
}
