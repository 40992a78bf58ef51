import type { Counter, Histogram, Registry } from 'prom-client';
import { counter, createMetricsRegistry, histogram } from '@platform/telemetry';

/** The gateway's Prometheus metrics; `route` is the route template (`POST /api/auth/org/login`), never the raw path. */
export class GatewayMetrics {
  readonly registry: Registry;
  readonly requests: Counter<string>;
  readonly errors: Counter<string>;
  readonly duration: Histogram<string>;
  readonly lockouts: Counter<string>;
  readonly loginAttempts: Counter<string>;
  readonly limitRefusals: Counter<string>;

  constructor(registry: Registry = createMetricsRegistry('gateway')) {
    this.registry = registry;
    const labels = ['method', 'route', 'status'];
    this.requests = counter(registry, 'gateway_http_requests_total', 'HTTP requests answered, by route and status', labels);
    this.errors = counter(registry, 'gateway_http_request_errors_total', 'HTTP requests answered with a 4xx or 5xx status', labels);
    this.duration = histogram(registry, 'gateway_http_request_duration_seconds', 'Time to answer an HTTP request', labels);
    this.lockouts = counter(registry, 'gateway_login_lockouts_total', 'Accounts locked after too many failed sign-in attempts');
    this.loginAttempts = counter(
      registry,
      'gateway_login_attempts_total',
      'Sign-in attempts by outcome: success, failure (401), neutral (other errors), locked, busy',
      ['outcome'],
    );
    this.limitRefusals = counter(
      registry,
      'gateway_abuse_limit_refusals_total',
      'Requests refused with 429 by an abuse limit, by limit and scope (ip, global)',
      ['limit', 'scope'],
    );
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
    if (status >= 400) this.errors.inc(labels);
  }
}
