import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { initTelemetry, type Telemetry } from './tracing';

export type { ReadableSpan } from '@opentelemetry/sdk-trace-base';

export interface TestTracing {
  telemetry: Telemetry;
  /** Spans ended so far, in the order they ended. */
  spans(): ReadableSpan[];
  reset(): void;
  shutdown(): Promise<void>;
}

/**
 * Tracing for tests: every span is kept in memory as it ends (nothing is exported). Call it before
 * the code under test starts; its own initTelemetry call then reuses this one. Shut it down in
 * afterAll so the next suite in the process can start its own.
 */
export function startTestTracing(serviceName = 'test'): TestTracing {
  const exporter = new InMemorySpanExporter();
  const telemetry = initTelemetry(serviceName, {
    env: { OTEL_TRACES_EXPORTER: 'none' },
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  return {
    telemetry,
    spans: () => exporter.getFinishedSpans(),
    reset: () => exporter.reset(),
    shutdown: () => telemetry.shutdown(),
  };
}
