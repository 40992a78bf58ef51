import type { ServerUnaryCall, ServerWritableStream, sendUnaryData } from '@grpc/grpc-js';
import { healthV1 } from '@platform/proto';
import type { Logger } from '@platform/telemetry';

const { ServingStatus } = { ServingStatus: healthV1.HealthCheckResponse_ServingStatus };

export interface DependencyCheck {
  name: string;
  /** Resolves true when the dependency answers; must not hang (use a short timeout). */
  check: () => Promise<boolean>;
}

/**
 * Tracks whether the service can serve: every dependency (Postgres, NATS…) answered its last
 * probe and the service is not shutting down. Probes run every `intervalMs`.
 */
export class HealthMonitor {
  private serving = false;
  private draining = false;
  private timer?: NodeJS.Timeout;
  private readonly watchers = new Set<ServerWritableStream<healthV1.HealthCheckRequest, healthV1.HealthCheckResponse>>();
  private readonly livenessWatchers = new Set<ServerWritableStream<healthV1.HealthCheckRequest, healthV1.HealthCheckResponse>>();
  private lastFailures: string[] = [];

  constructor(
    private readonly checks: DependencyCheck[],
    private readonly logger: Logger,
    private readonly intervalMs = 2000,
  ) {}

  async start(): Promise<void> {
    await this.probe();
    this.timer = setInterval(() => void this.probe(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    for (const watcher of [...this.watchers, ...this.livenessWatchers]) watcher.end();
    this.watchers.clear();
    this.livenessWatchers.clear();
  }

  /**
   * From now on NOT_SERVING, whatever the dependencies say (graceful shutdown). Open Watch streams
   * are told so and then ended: a watcher never holds the server's shutdown open.
   */
  drain(): void {
    this.draining = true;
    this.set(false);
    this.stop();
  }

  isServing(): boolean {
    return this.serving && !this.draining;
  }

  failures(): string[] {
    return [...this.lastFailures];
  }

  async probe(): Promise<boolean> {
    const results = await Promise.all(
      this.checks.map(async ({ name, check }) => {
        try {
          return (await withTimeout(check(), 1500)) ? undefined : name;
        } catch {
          return name;
        }
      }),
    );
    const failures = results.filter((r): r is string => r !== undefined);
    if (failures.join() !== this.lastFailures.join()) {
      if (failures.length) this.logger.warn({ failures }, 'dependencies unavailable: NOT_SERVING');
      else this.logger.info('dependencies available: SERVING');
    }
    this.lastFailures = failures;
    this.set(failures.length === 0 && !this.draining);
    return this.serving;
  }

  private set(serving: boolean): void {
    const changed = serving !== this.serving;
    this.serving = serving;
    if (changed) for (const watcher of this.watchers) watcher.write({ status: this.status() });
  }

  private status(): healthV1.HealthCheckResponse_ServingStatus {
    return this.isServing() ? ServingStatus.SERVING : ServingStatus.NOT_SERVING;
  }

  /**
   * The grpc.health.v1.Health implementation. The service name `liveness` is SERVING whenever the
   * process answers, whatever its dependencies (a native gRPC liveness probe must not restart a pod
   * because the database is down); every other name reports the overall status.
   */
  service(): healthV1.HealthServer {
    return {
      check: (call: ServerUnaryCall<healthV1.HealthCheckRequest, healthV1.HealthCheckResponse>, callback: sendUnaryData<healthV1.HealthCheckResponse>) => {
        callback(null, { status: call.request.service === LIVENESS_SERVICE ? ServingStatus.SERVING : this.status() });
      },
      watch: (call: ServerWritableStream<healthV1.HealthCheckRequest, healthV1.HealthCheckResponse>) => {
        if (call.request.service === LIVENESS_SERVICE) {
          call.write({ status: ServingStatus.SERVING });
          if (this.draining) call.end();
          else {
            // Alive until the process stops; the stream ends with the drain, like the others.
            this.livenessWatchers.add(call);
            call.on('cancelled', () => this.livenessWatchers.delete(call));
          }
          return;
        }
        call.write({ status: this.status() });
        if (this.draining) {
          call.end();
          return;
        }
        this.watchers.add(call);
        call.on('cancelled', () => this.watchers.delete(call));
      },
    };
  }
}

/** The health service name a liveness probe asks for. */
export const LIVENESS_SERVICE = 'liveness';

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
