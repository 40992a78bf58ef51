import os from 'node:os';
import { context, diag, DiagLogLevel, propagation, trace } from '@opentelemetry/api';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, ConsoleSpanExporter, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
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
 * An OTLP span exporter for the protocol; endpoint, headers, timeout and compression come from
 * OTEL_EXPORTER_OTLP_*. Only the protocol's own exporter package is loaded, and only when spans are
 * exported: a process that exports nothing (the default) never loads one (their transports and
 * protobuf encoders cost each process a few MB).
 */
export function otlpTraceExporter(protocol: OtlpProtocol): SpanExporter {
  switch (protocol) {
    case 'grpc': {
      const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-grpc') as typeof import('@opentelemetry/exporter-trace-otlp-grpc');
      return new OTLPTraceExporter();
    }
    case 'http/json': {
      const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
      return new OTLPTraceExporter();
    }
    case 'http/protobuf': {
      const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-proto') as typeof import('@opentelemetry/exporter-trace-otlp-proto');
      return new OTLPTraceExporter();
    }
    default: {
      const unreachable: never = protocol;
      throw new Error(`unknown OTLP protocol ${String(unreachable)}`);
    }
  }
}

function exporterOf(kind: TracesExporterKind, protocol: OtlpProtocol): SpanExporter | undefined {
  switch (kind) {
    case 'otlp':
      return otlpTraceExporter(protocol);
    case 'console':
      return new ConsoleSpanExporter();
    case 'none':
      return undefined;
    default: {
      const unreachable: never = kind;
      throw new Error(`unknown exporter ${String(unreachable)}`);
    }
  }
}

/**
 * Starts tracing for this process; call it first thing in a service's main. Registers a tracer
 * provider with the service name (`OTEL_SERVICE_NAME` wins, `OTEL_RESOURCE_ATTRIBUTES` adds
 * attributes), W3C trace-context and baggage propagation, async context tracking, and the exporter
 * the environment asks for (see {@link tracesExporterOf}); the sampler follows
 * `OTEL_TRACES_SAMPLER` (default parentbased_always_on). Spans are recorded even without an
 * exporter, so trace context still travels and logs still carry trace ids.
 *
 * A second call returns the telemetry already running (so a test can install its in-memory
 * exporter before the code under test calls this).
 */
export function initTelemetry(serviceName: string, options: TelemetryOptions = {}): Telemetry {
  if (active) return active;
  const env = options.env ?? process.env;
  const log = createLogger(serviceName, { component: 'telemetry' });
  if (String(env['OTEL_SDK_DISABLED']).toLowerCase() === 'true') {
    active = { serviceName, enabled: false, exporter: 'none', forceFlush: async () => undefined, shutdown: async () => void (active = undefined) };
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
  const exporter = exporterOf(choice.kind, protocol);
  const spanProcessors = [...(options.spanProcessors ?? []), ...(exporter ? [new BatchSpanProcessor(exporter)] : [])];

  // Synchronous attributes only: a pending (async) one delays every export until it settles.
  const resource = resourceFromAttributes({ 'service.name': serviceName, 'host.name': os.hostname(), 'process.pid': process.pid }).merge(
    detectResources({ detectors: [envDetector] }),
  );
  const provider = new NodeTracerProvider({ resource, spanProcessors });
  provider.register({
    propagator: new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  });

  let stopped: Promise<void> | undefined;
  const telemetry: Telemetry = {
    serviceName,
    enabled: true,
    exporter: choice.kind,
    forceFlush: () => provider.forceFlush(),
    shutdown: () =>
      (stopped ??= (async () => {
        try {
          await provider.shutdown();
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
