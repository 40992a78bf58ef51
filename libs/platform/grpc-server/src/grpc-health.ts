import type { ServerUnaryCall, ServerWritableStream, sendUnaryData } from '@grpc/grpc-js';
import type { HealthMonitor, HealthReport } from '@platform/health';
import { healthV1 } from '@platform/proto';

const { SERVING, NOT_SERVING } = healthV1.HealthCheckResponse_ServingStatus;
type Watcher = ServerWritableStream<healthV1.HealthCheckRequest, healthV1.HealthCheckResponse>;

/** The health service name a liveness probe asks for. */
export const LIVENESS_SERVICE = 'liveness';

export interface GrpcHealth {
  service: healthV1.HealthServer;
  /** Ends every open Watch stream and stops following the monitor. */
  close(): void;
}

function servingStatus(report: HealthReport): healthV1.HealthCheckResponse_ServingStatus {
  return report.status === 'UP' ? SERVING : NOT_SERVING;
}

/**
 * grpc.health.v1.Health on a health monitor. The service name `liveness` is SERVING whenever the
 * process answers, whatever its dependencies (a native gRPC liveness probe must not restart a pod
 * because the database is down); every other name reports readiness. Watch streams are told each
 * change (the monitor is asked every `pollMs` while one is open) and end at the drain, so a watcher
 * never holds the server's shutdown open.
 */
export function bindGrpcHealth(monitor: HealthMonitor, pollMs = 2000): GrpcHealth {
  /** Open readiness watchers, with the status each was last told (undefined: not yet told). */
  const watchers = new Map<Watcher, healthV1.HealthCheckResponse_ServingStatus | undefined>();
  const livenessWatchers = new Set<Watcher>();
  let poll: NodeJS.Timeout | undefined;

  const tell = (watcher: Watcher, status: healthV1.HealthCheckResponse_ServingStatus): void => {
    if (watchers.get(watcher) === status) return;
    watchers.set(watcher, status);
    watcher.write({ status });
  };
  const forget = (watcher: Watcher): void => {
    watchers.delete(watcher);
    livenessWatchers.delete(watcher);
    if (watchers.size === 0 && poll) {
      clearInterval(poll);
      poll = undefined;
    }
  };
  const end = (watcher: Watcher): void => {
    forget(watcher);
    watcher.end();
  };
  const endAll = (): void => {
    for (const watcher of [...watchers.keys(), ...livenessWatchers]) end(watcher);
  };
  const unsubscribe = monitor.onChange((report) => {
    if (report.status === 'DRAINING') {
      for (const watcher of watchers.keys()) tell(watcher, NOT_SERVING);
      endAll();
      return;
    }
    // A watcher not yet told hears its first status from its own question below.
    for (const [watcher, told] of watchers) if (told !== undefined) tell(watcher, servingStatus(report));
  });

  const watchReadiness = (call: Watcher): void => {
    watchers.set(call, undefined);
    call.on('cancelled', () => forget(call));
    if (!poll) {
      // Nothing else may ask the monitor while only watchers listen: ask it, so they hear of changes.
      poll = setInterval(() => void monitor.readiness(), pollMs);
      poll.unref();
    }
    void monitor.readiness().then((report) => {
      if (!watchers.has(call)) return;
      tell(call, servingStatus(report));
      if (report.status === 'DRAINING') end(call);
    });
  };

  const service: healthV1.HealthServer = {
    check: (call: ServerUnaryCall<healthV1.HealthCheckRequest, healthV1.HealthCheckResponse>, callback: sendUnaryData<healthV1.HealthCheckResponse>) => {
      if (call.request.service === LIVENESS_SERVICE) {
        callback(null, { status: SERVING });
        return;
      }
      void monitor.readiness().then((report) => callback(null, { status: servingStatus(report) }));
    },
    watch: (call: Watcher) => {
      if (call.request.service !== LIVENESS_SERVICE) {
        watchReadiness(call);
        return;
      }
      call.write({ status: SERVING });
      if (monitor.isDraining()) {
        call.end();
        return;
      }
      // Alive until the process stops; the stream ends with the drain, like the others.
      livenessWatchers.add(call);
      call.on('cancelled', () => forget(call));
    },
  };

  return {
    service,
    close: () => {
      unsubscribe();
      endAll();
    },
  };
}
