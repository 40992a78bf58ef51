import { status } from '@grpc/grpc-js';
import { auditPayload } from '@platform/audit';
import { SUBJECTS } from '@platform/messaging';
import type { Logger } from '@platform/telemetry';
import type { MessagePublisher } from '../messages/message-bus';
import { isServiceError } from '../http/grpc-to-http';
import { GatewayErrorCode, ProblemError, dependencyUnavailableProblem } from '../http/problem';
import type { GatewayMetrics } from '../observability/gateway-metrics';
import { type AttemptOutcome, type LoginLockout, type Reservation, accountKeyOf } from './login-lockout';

export interface AttemptContext {
  route: string;
  requestId: string;
  ipAddress?: string;
  userAgent?: string;
  logger: Logger;
}

/**
 * Runs a login RPC under the lockout: reserve an attempt (or answer 423 without calling the
 * service), call, then settle with the outcome. A 401 from the service is a failure; a success
 * clears the failures (a password step answered with `mfa_required` is not yet a success);
 * anything else (403 suspended, 400, 5xx) does not count. The failure that
 * locks the account publishes an audit event and counts in `gateway_login_lockouts_total`.
 */
export class LoginGuard {
  constructor(
    private readonly lockout: LoginLockout,
    private readonly publisher: MessagePublisher,
    private readonly metrics: GatewayMetrics,
    private readonly maxFailedAttempts: number,
  ) {}

  async attempt<T>(email: string | undefined, context: AttemptContext, call: () => Promise<T>): Promise<T> {
    if (!email) return call(); // no account to key on: the service refuses the request anyway
    let reserved;
    try {
      reserved = await this.lockout.reserve(email);
    } catch (err) {
      context.logger.error({ err }, 'login lockout unavailable');
      // Fail closed: without the lockout (Redis) passwords could be guessed without limit.
      throw new ProblemError(dependencyUnavailableProblem('Sign-in is unavailable right now. Try again shortly.'));
    }
    if (!reserved.allowed) {
      this.metrics.loginAttempts.inc({ outcome: reserved.reason });
      const minutes = Math.ceil(reserved.retryAfterSeconds / 60);
      throw new ProblemError({
        status: 423,
        code: GatewayErrorCode.ACCOUNT_LOCKED,
        detail:
          reserved.reason === 'locked'
            ? `Too many failed sign-in attempts: the account is locked. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
            : 'Too many sign-in attempts are in progress for this account. Try again in a moment.',
        headers: { 'Retry-After': String(reserved.retryAfterSeconds) },
      });
    }
    let outcome: AttemptOutcome = 'neutral';
    try {
      const result = await call();
      // A password that matched but still needs a second factor is no success yet: clearing the
      // failures here would let wrong MFA codes be retried without limit.
      outcome = (result as { mfaRequired?: unknown } | undefined)?.mfaRequired === true ? 'neutral' : 'success';
      return result;
    } catch (err) {
      if (isServiceError(err) && err.code === status.UNAUTHENTICATED) outcome = 'failure';
      throw err;
    } finally {
      await this.settle(reserved.reservation, outcome, email, context);
    }
  }

  /** Never throws: a reservation that cannot be released lapses on its own. */
  private async settle(reservation: Reservation, outcome: AttemptOutcome, email: string, context: AttemptContext): Promise<void> {
    this.metrics.loginAttempts.inc({ outcome });
    try {
      const settled = await this.lockout.settle(reservation, outcome);
      if (!settled.lockedNow) return;
      this.metrics.lockouts.inc();
      context.logger.warn({ account: reservation.account, lockedUntil: settled.lockedUntil }, 'account locked after failed sign-in attempts');
      // Not awaited: the answer to this attempt does not wait for the stream.
      void this.auditLock(email, settled.lockedUntil, context).catch((err: unknown) =>
        context.logger.error({ err }, 'could not publish the LOGIN_LOCKED audit event'),
      );
    } catch (err) {
      context.logger.error({ err }, 'could not record a login attempt');
    }
  }

  /**
   * The LOGIN_LOCKED audit entry, published straight to the stream (the gateway has no outbox). The
   * message id is derived from the lock itself, so a retried publish is dropped as a duplicate.
   */
  private async auditLock(email: string, lockedUntil: Date, context: AttemptContext): Promise<void> {
    const payload = auditPayload({
      action: 'LOGIN_LOCKED',
      userEmail: email.trim().toLowerCase(),
      resourceType: 'ACCOUNT',
      ipAddress: context.ipAddress,
      userAgent: context.userAgent,
      detail: { failedAttempts: this.maxFailedAttempts, lockedUntil: lockedUntil.toISOString(), route: context.route, requestId: context.requestId },
      occurredAt: new Date(),
    });
    await this.publisher.publish(SUBJECTS.auditRecorded, payload, `gateway-login-locked-${accountKeyOf(email)}-${lockedUntil.getTime()}`);
  }
}
