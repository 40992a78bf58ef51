export { createLogger, type Logger } from './logger';
export { createMetricsRegistry, counter, gauge, histogram } from './metrics';
export { initTelemetry, otlpProtocolOf, tracesExporterOf, type OtlpProtocol, type Telemetry, type TelemetryOptions, type TracesExporterKind } from './tracing';
export { traceHeaders, contextFromHeaders, activeTraceFields } from './trace-context';
export { startTestTracing, type TestTracing, type ReadableSpan } from './test-tracing';
