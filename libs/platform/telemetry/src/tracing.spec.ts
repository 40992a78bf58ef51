import { Writable } from 'node:stream';
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { contextFromHeaders, traceHeaders } from './trace-context';
import { initTelemetry, tracesExporterOf } from './tracing';
import { startTestTracing } from './test-tracing';
import { createLogger } from './logger';

describe('tracesExporterOf', () => {
  it('exports nothing by default, so a local run without a collector stays quiet', () => {
    expect(tracesExporterOf({}).kind).toBe('none');
  });

  it('exports over OTLP as soon as an endpoint is configured', () => {
    expect(tracesExporterOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).kind).toBe('otlp');
    expect(tracesExporterOf({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }).kind).toBe('otlp');
  });

  it('follows OTEL_TRACES_EXPORTER: none wins, otlp without endpoint uses the default one', () => {
    expect(tracesExporterOf({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }).kind).toBe('none');
    expect(tracesExporterOf({ OTEL_TRACES_EXPORTER: 'otlp' }).kind).toBe('otlp');
    expect(tracesExporterOf({ OTEL_TRACES_EXPORTER: 'console' }).kind).toBe('console');
  });

  it('reports exporters it does not have', () => {
    expect(tracesExporterOf({ OTEL_TRACES_EXPORTER: 'zipkin, otlp' })).toEqual({ kind: 'otlp', ignored: ['zipkin'] });
    expect(tracesExporterOf({ OTEL_TRACES_EXPORTER: 'jaeger' })).toEqual({ kind: 'none', ignored: ['jaeger'] });
  });
});

describe('tracing', () => {
  const tracing = startTestTracing('telemetry-test');
  afterAll(() => tracing.shutdown());
  beforeEach(() => tracing.reset());

  it('returns the running telemetry to a later initTelemetry call', () => {
    expect(initTelemetry('other')).toBe(tracing.telemetry);
  });

  it('names the service on every span', () => {
    trace.getTracer('t').startSpan('work').end();
    expect(tracing.spans()[0]!.resource.attributes['service.name']).toBe('telemetry-test');
  });

  it('carries the active span in W3C headers and continues it from them', () => {
    const tracer = trace.getTracer('t');
    const parent = tracer.startSpan('producer', { kind: SpanKind.PRODUCER });
    const headers = context.with(trace.setSpan(context.active(), parent), () => traceHeaders());
    expect(headers['traceparent']).toBe(`00-${parent.spanContext().traceId}-${parent.spanContext().spanId}-01`);

    const child = tracer.startSpan('consumer', { kind: SpanKind.CONSUMER }, contextFromHeaders({ TraceParent: headers['traceparent']! }));
    child.end();
    parent.end();
    const consumer = tracing.spans().find((s) => s.name === 'consumer')!;
    expect(consumer.spanContext().traceId).toBe(parent.spanContext().traceId);
    expect(consumer.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
  });

  it('writes no headers without an active span', () => {
    expect(traceHeaders()).toEqual({});
  });

  it('puts the trace and span ids on log lines written inside a span', () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) });
    const captured = createLogger('svc', {}, sink);
    captured.level = 'info'; // whatever LOG_LEVEL the run has
    const span = trace.getTracer('t').startSpan('work');
    context.with(trace.setSpan(context.active(), span), () => captured.warn('inside'));
    captured.warn('outside');
    span.end();
    expect(lines[0]).toMatchObject({ trace_id: span.spanContext().traceId, span_id: span.spanContext().spanId });
    expect(lines[1]).not.toHaveProperty('trace_id');
  });

  it('propagates W3C trace context and baggage', () => {
    expect(propagation.fields()).toEqual(expect.arrayContaining(['traceparent', 'tracestate', 'baggage']));
  });
});

describe('initTelemetry', () => {
  it('does nothing when OTEL_SDK_DISABLED=true', async () => {
    const telemetry = initTelemetry('off', { env: { OTEL_SDK_DISABLED: 'true' } });
    expect(telemetry.enabled).toBe(false);
    expect(propagation.fields()).toEqual([]);
    await telemetry.shutdown();
  });

  it('starts afresh after a shutdown', async () => {
    const first = initTelemetry('one', { env: {} });
    await first.shutdown();
    const second = initTelemetry('two', { env: {} });
    expect(second).not.toBe(first);
    expect(second.exporter).toBe('none');
    await second.shutdown();
  });
});
