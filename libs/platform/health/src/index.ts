export type { CheckResult, HealthReport, HealthStatus } from './health-report';
export { readinessHttpStatus } from './health-report';
export { runCheck, type DependencyCheck } from './dependency-check';
export { HealthMonitor, DEFAULT_CHECK_TIMEOUT_MS, DEFAULT_READINESS_CACHE_MS, type HealthMonitorOptions } from './health-monitor';
export { createHealthHandler, HEALTH_PATHS, type HealthRequestHandler } from './health-handler';
export { createAdminHandler, startAdminServer, type AdminServer, type AdminServerOptions } from './admin-server';
export { exitOnSignals } from './exit-on-signals';
export { compactAfterStart, COMPACT_AFTER_START_MS } from './compact-after-start';
