import { context, diag, DiagLogLevel, propagation, trace } from '@opentelemetry/api';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { startContextOnlyTracing } from './context-only-tracing';
import { createLogger } from './logger';

/** Where finished spans go, decided from the standard `OTEL_*` variables by {@link tracesExporterOf}. */
export type TracesExporterKind = 'otlp' | 'console' | 'none';

/** The OTLP transports, as `OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL` names them. */
export const OTLP_PROTOCOLS = ['http/protobuf', 'http/json', 'grpc'] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];

export interface TelemetryOptions {
  /** The environment to read `OTEL_*` from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Extra span processors (tests: a SimpleSpanProcessor over an InMemorySpanExporter). */
  spanProcessors?: SpanProcessor[];
}

export interface Telemetry {
  serviceName: string;
  /** False when `OTEL_SDK_DISABLED=true`: no spans, no propagation. */
  enabled: boolean;
  /** True when the SDK records spans (an exporter, a test's processors, a sampler); false when spans only carry ids. */
  recording: boolean;
  exporter: TracesExporterKind;
  /** Exports the spans still buffered. */
  forceFlush(): Promise<void>;
  /** Flushes, then unregisters the provider (a later initTelemetry starts afresh). Idempotent. */
  shutdown(): Promise<void>;
}

let active: Telemetry | undefined;

/**
 * Which exporter the environment asks for. Unlike the SDK's default (always OTLP to
 * localhost:4318), spans are exported only when asked: `OTEL_TRACES_EXPORTER=otlp|console`, or an
 * OTLP endpoint is set (`OTEL_EXPORTER_OTLP_ENDPOINT` / `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`). A
 * local run without a collector then stays quiet instead of failing an export every 5 s.
 */
export function tracesExporterOf(env: NodeJS.ProcessEnv): { kind: TracesExporterKind; ignored: string[] } {
  const listed = (env['OTEL_TRACES_EXPORTER'] ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
  const endpoint = Boolean(env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'] || env['OTEL_EXPORTER_OTLP_ENDPOINT']);
  if (listed.length === 0) return { kind: endpoint ? 'otlp' : 'none', ignored: [] };
  if (listed.includes('none')) return { kind: 'none', ignored: [] };
  const kind = listed.includes('otlp') ? 'otlp' : listed.includes('console') ? 'console' : 'none';
  return { kind, ignored: listed.filter((s) => s !== kind) };
}

/**
 * The OTLP transport: `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL`, else `OTEL_EXPORTER_OTLP_PROTOCOL`, else
 * the specification's default `http/protobuf`. An unknown value falls back to that default.
 */
export function otlpProtocolOf(env: NodeJS.ProcessEnv): { protocol: OtlpProtocol; unknown?: string } {
  const asked = (env['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'] || env['OTEL_EXPORTER_OTLP_PROTOCOL'] || '').trim().toLowerCase();
  if (asked === '') return { protocol: 'http/protobuf' };
  return (OTLP_PROTOCOLS as readonly string[]).includes(asked) ? { protocol: asked as OtlpProtocol } : { protocol: 'http/protobuf', unknown: asked };
}

/**
 * Starts tracing for this process; call it first thing in a service's main. W3C trace context and
 * baggage travel in and out, the active context follows async calls, and log lines written inside
 * a span carry its ids, whatever the configuration.
 *
 * Spans are recorded only when they go somewhere: an exporter the environment asks for (see
 * {@link tracesExporterOf}) or a test's span processors. Then the SDK runs: a tracer provider with
 * the service name (`OTEL_SERVICE_NAME` wins, `OTEL_RESOURCE_ATTRIBUTES` adds attributes) and the
 * sampler `OTEL_TRACES_SAMPLER` says (default parentbased_always_on), which also starts the SDK
 * when set alone, as its decisions travel downstream. Otherwise (the default) the process never
 * loads the SDK, its exporters or @opentelemetry/core's index (2.4 MB of heap, 5 MB of RSS in the
 * gateway): spans are non-recording ones with ids of their own (context-only-tracing.ts).
 *
 * A second call returns the telemetry already running (so a test can install its in-memory
 * exporter before the code under test calls this).
 */
export function initTelemetry(serviceName: string, options: TelemetryOptions = {}): Telemetry {
  if (active) return active;
  const env = options.env ?? process.env;
  const log = createLogger(serviceName, { component: 'telemetry' });
  if (String(env['OTEL_SDK_DISABLED']).toLowerCase() === 'true') {
    active = {
      serviceName,
      enabled: false,
      recording: false,
      exporter: 'none',
      forceFlush: async () => undefined,
      shutdown: async () => void (active = undefined),
    };
    return active;
  }
  diag.setLogger(
    {
      error: (message, ...args) => log.error({ args }, message),
      warn: (message, ...args) => log.warn({ args }, message),
      info: () => undefined,
      debug: () => undefined,
      verbose: () => undefined,
    },
    { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true },
  );

  const choice = tracesExporterOf(env);
  if (choice.ignored.length > 0) log.warn({ ignored: choice.ignored }, 'OTEL_TRACES_EXPORTER lists exporters this build does not have');
  const { protocol, unknown } = otlpProtocolOf(env);
  if (choice.kind === 'otlp' && unknown) log.warn({ protocol: unknown, using: protocol }, 'unknown OTLP protocol; using the default');
  const spanProcessors = options.spanProcessors ?? [];
  const recording = choice.kind !== 'none' || spanProcessors.length > 0 || Boolean(env['OTEL_TRACES_SAMPLER']?.trim());
  const tracing = recording
    ? (require('./sdk-tracing') as typeof import('./sdk-tracing')).startSdkTracing({ serviceName, exporter: choice.kind, protocol, spanProcessors })
    : { ...startContextOnlyTracing(), forceFlush: async () => undefined };

  let stopped: Promise<void> | undefined;
  const telemetry: Telemetry = {
    serviceName,
    enabled: true,
    recording,
    exporter: choice.kind,
    forceFlush: () => tracing.forceFlush(),
    shutdown: () =>
      (stopped ??= (async () => {
        try {
          await tracing.shutdown();
        } catch (err) {
          log.warn({ err }, 'flushing spans at shutdown failed');
        } finally {
          trace.disable();
          propagation.disable();
          context.disable();
          diag.disable();
          if (active === telemetry) active = undefined;
        }
      })()),
  };
  active = telemetry;
  if (choice.kind !== 'none') log.info({ exporter: choice.kind, ...(choice.kind === 'otlp' ? { protocol } : {}) }, 'exporting traces');
  return telemetry;
}
