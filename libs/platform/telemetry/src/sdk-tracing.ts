import os from 'node:os';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, ConsoleSpanExporter, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { startClientInstrumentation } from './client-instrumentation';
import type { OtlpProtocol, TracesExporterKind } from './tracing';

// The tracing SDK: spans recorded and handed to span processors. initTelemetry loads this module
// only when spans go somewhere (an exporter, a test's processors) or a sampler is configured.

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

export interface SdkTracingOptions {
  serviceName: string;
  /** Where finished spans go besides `spanProcessors`. */
  exporter: TracesExporterKind;
  protocol: OtlpProtocol;
  spanProcessors: SpanProcessor[];
}

/**
 * Registers a tracer provider with the service name (`OTEL_SERVICE_NAME` wins,
 * `OTEL_RESOURCE_ATTRIBUTES` adds attributes), W3C trace-context and baggage propagation, async
 * context tracking and the exporter; the sampler follows `OTEL_TRACES_SAMPLER` (default
 * parentbased_always_on); client spans for pg and ioredis calls (client-instrumentation.ts).
 * Returns the provider's flush and shutdown.
 */
export function startSdkTracing(options: SdkTracingOptions): { forceFlush(): Promise<void>; shutdown(): Promise<void> } {
  const exporter = exporterOf(options.exporter, options.protocol);
  const spanProcessors = [...options.spanProcessors, ...(exporter ? [new BatchSpanProcessor(exporter)] : [])];
  // Synchronous attributes only: a pending (async) one delays every export until it settles.
  const resource = resourceFromAttributes({ 'service.name': options.serviceName, 'host.name': os.hostname(), 'process.pid': process.pid }).merge(
    detectResources({ detectors: [envDetector] }),
  );
  const provider = new NodeTracerProvider({ resource, spanProcessors });
  provider.register({
    propagator: new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  });
  const stopInstrumentation = startClientInstrumentation();
  return {
    forceFlush: () => provider.forceFlush(),
    shutdown: () => {
      stopInstrumentation();
      return provider.shutdown();
    },
  };
}
