import { Writable } from 'node:stream';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { createLogger } from './logger';
import { contextFromHeaders, traceHeaders } from './trace-context';
import { initTelemetry } from './tracing';

// Which SDK packages this suite's process loaded (jest calls a mock's factory on the first require).
const mockSdkLoads: string[] = [];
jest.mock('@opentelemetry/sdk-trace-node', () => (mockSdkLoads.push('sdk-trace-node'), jest.requireActual('@opentelemetry/sdk-trace-node')));
jest.mock('@opentelemetry/sdk-trace-base', () => (mockSdkLoads.push('sdk-trace-base'), jest.requireActual('@opentelemetry/sdk-trace-base')));

/** Log lines written to memory, at info whatever LOG_LEVEL the run has. */
function capturedLogger(): { logger: ReturnType<typeof createLogger>; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) });
  const logger = createLogger('svc', {}, sink);
  logger.level = 'info';
  return { logger, lines };
}

describe('tracing without an exporter (the default): trace context without the SDK', () => {
  let telemetry: ReturnType<typeof initTelemetry>;
  beforeAll(() => (telemetry = initTelemetry('context-only', { env: {} })));
  afterAll(() => telemetry.shutdown());

  it('records nothing and never loads the SDK', () => {
    expect(telemetry).toMatchObject({ enabled: true, recording: false, exporter: 'none' });
    expect(trace.getTracer('t').startSpan('work').isRecording()).toBe(false);
    expect(mockSdkLoads).toEqual([]);
  });

  it('gives every span ids of its own, well formed, across many refills of the random pool', () => {
    const spans = Array.from({ length: 2000 }, () => trace.getTracer('t').startSpan('work').spanContext());
    expect(spans.every((s) => /^[0-9a-f]{32}$/.test(s.traceId) && /^[0-9a-f]{16}$/.test(s.spanId))).toBe(true);
    expect(new Set(spans.map((s) => s.traceId)).size).toBe(spans.length);
    expect(new Set(spans.map((s) => s.spanId)).size).toBe(spans.length);
  });

  it('gives a request a trace of its own: log lines inside it carry its ids, across async calls', async () => {
    const { logger, lines } = capturedLogger();
    const span = trace.getTracer('t').startSpan('request', { kind: SpanKind.SERVER });
    await context.with(trace.setSpan(context.active(), span), () => new Promise<void>((resolve) => setImmediate(() => resolve(logger.warn('inside')))));
    logger.warn('outside');
    expect(span.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(lines[0]).toMatchObject({ trace_id: span.spanContext().traceId, span_id: span.spanContext().spanId });
    expect(lines[1]).not.toHaveProperty('trace_id');
  });

  it('starts a new sampled trace for each request without one', () => {
    const [first, second] = [trace.getTracer('t').startSpan('a'), trace.getTracer('t').startSpan('b')];
    expect(traceHeaders(trace.setSpan(context.active(), first))).toEqual({ traceparent: `00-${first.spanContext().traceId}-${first.spanContext().spanId}-01` });
    expect(second.spanContext().traceId).not.toBe(first.spanContext().traceId);
  });

  it("continues a caller's trace, sampling decision, trace state and baggage, with a span id of its own", () => {
    const incoming = contextFromHeaders({ traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00', tracestate: 'vendor=1', baggage: 'k=v' });
    const span = trace.getTracer('t').startSpan('server', { kind: SpanKind.SERVER }, incoming);
    expect(span.spanContext().spanId).not.toBe('b7ad6b7169203331');
    expect(traceHeaders(trace.setSpan(incoming, span))).toEqual({
      traceparent: `00-0af7651916cd43dd8448eb211c80319c-${span.spanContext().spanId}-00`,
      tracestate: 'vendor=1',
      baggage: 'k=v',
    });
  });

  it('runs a startActiveSpan callback inside its span', () => {
    const [own, active] = trace.getTracer('t').startActiveSpan('work', (span) => [span.spanContext().spanId, trace.getActiveSpan()?.spanContext().spanId]);
    expect(active).toBe(own);
  });
});

describe('tracing with an exporter configured', () => {
  it('records spans with the SDK', async () => {
    const telemetry = initTelemetry('exporting', { env: { OTEL_TRACES_EXPORTER: 'console' } });
    try {
      expect(telemetry).toMatchObject({ enabled: true, recording: true, exporter: 'console' });
      expect(trace.getTracer('t').startSpan('work').isRecording()).toBe(true);
      expect(mockSdkLoads).toEqual(expect.arrayContaining(['sdk-trace-node', 'sdk-trace-base']));
    } finally {
      await telemetry.shutdown();
    }
  });
});
