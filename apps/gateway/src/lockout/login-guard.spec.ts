import { Metadata, status } from '@grpc/grpc-js';
import { eventsCommonV1 } from '@platform/proto';
import { Registry } from 'prom-client';
import { testLogger } from '../../test/support/logger';
import type { MessagePublisher } from '../messages/message-bus';
import { ProblemError } from '../http/problem';
import { GatewayMetrics } from '../observability/gateway-metrics';
import { LoginGuard } from './login-guard';
import type { AttemptOutcome, LoginLockout, ReserveResult, SettleResult } from './login-lockout';

const grpcError = (code: status) => Object.assign(new Error('x'), { code, details: 'x', metadata: new Metadata() });

describe('the login guard', () => {
  let reserve: ReserveResult;
  let settleResult: SettleResult;
  let outcomes: AttemptOutcome[];
  let published: { subject: string; payload: Uint8Array; msgId: string }[];
  let metrics: GatewayMetrics;
  let guard: LoginGuard;
  const context = { route: 'POST /api/auth/org/login', requestId: 'r1', ipAddress: '10.0.0.1', userAgent: 'ua', logger: testLogger() };

  beforeEach(() => {
    reserve = { allowed: true, reservation: { account: 'acc', attemptId: 'a1' } };
    settleResult = { lockedNow: false };
    outcomes = [];
    published = [];
    const lockout = {
      reserve: async () => reserve,
      settle: async (_r: unknown, outcome: AttemptOutcome) => {
        outcomes.push(outcome);
        return settleResult;
      },
    } as unknown as LoginLockout;
    const publisher: MessagePublisher = { publish: async (subject, payload, msgId) => void published.push({ subject, payload, msgId }) };
    metrics = new GatewayMetrics(new Registry());
    guard = new LoginGuard(lockout, publisher, metrics, 5);
  });

  it('settles a successful login as a success', async () => {
    await expect(guard.attempt('a@b.c', context, async () => 'tokens')).resolves.toBe('tokens');
    expect(outcomes).toEqual(['success']);
  });

  it('does not count a password step that still needs a second factor as a success', async () => {
    await guard.attempt('a@b.c', context, async () => ({ mfaRequired: true, challengeToken: 'c' }));
    await guard.attempt('a@b.c', context, async () => ({ mfaRequired: false, accessToken: 't' }));
    expect(outcomes).toEqual(['neutral', 'success']);
  });

  it('counts a 401 from the service as a failure, a 403 or 400 not', async () => {
    await expect(guard.attempt('a@b.c', context, () => Promise.reject(grpcError(status.UNAUTHENTICATED)))).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
    });
    await expect(guard.attempt('a@b.c', context, () => Promise.reject(grpcError(status.PERMISSION_DENIED)))).rejects.toBeDefined();
    await expect(guard.attempt('a@b.c', context, () => Promise.reject(grpcError(status.INVALID_ARGUMENT)))).rejects.toBeDefined();
    expect(outcomes).toEqual(['failure', 'neutral', 'neutral']);
  });

  it('answers 423 without calling the service while the account is locked', async () => {
    reserve = { allowed: false, reason: 'locked', retryAfterSeconds: 840 };
    const call = jest.fn();
    const error = await guard.attempt('a@b.c', context, call).catch((e: unknown) => e);
    expect(call).not.toHaveBeenCalled();
    expect(error).toBeInstanceOf(ProblemError);
    expect((error as ProblemError).problem).toMatchObject({ status: 423, code: 'ACCOUNT_LOCKED', headers: { 'Retry-After': '840' } });
    expect((error as ProblemError).problem.detail).toContain('14 minutes');
  });

  it('publishes a LOGIN_LOCKED audit event and counts the lockout when a failure locks the account', async () => {
    settleResult = { lockedNow: true, lockedUntil: new Date('2030-01-01T00:15:00Z') };
    await guard.attempt('Ann@Example.org', context, () => Promise.reject(grpcError(status.UNAUTHENTICATED))).catch(() => undefined);
    await new Promise((r) => setImmediate(r));
    expect(published).toHaveLength(1);
    expect(published[0]?.subject).toBe('audit.recorded');
    const event = eventsCommonV1.AuditRecorded.decode(published[0]!.payload);
    expect(event).toMatchObject({ action: 'LOGIN_LOCKED', userEmail: 'ann@example.org', ipAddress: '10.0.0.1', userAgent: 'ua', resourceType: 'ACCOUNT' });
    expect(JSON.parse(event.detailJson)).toMatchObject({ failedAttempts: 5, lockedUntil: '2030-01-01T00:15:00.000Z' });
    expect((await metrics.lockouts.get()).values[0]?.value).toBe(1);
  });

  it('still answers the locking failure 401 when NATS is down: the audit event is published aside', async () => {
    settleResult = { lockedNow: true, lockedUntil: new Date('2030-01-01T00:15:00Z') };
    const timedOut = Object.assign(new Error('timeout'), { name: 'TimeoutError' });
    const lockout = { reserve: async () => reserve, settle: async () => settleResult } as unknown as LoginLockout;
    const offline = new LoginGuard(lockout, { publish: () => Promise.reject(timedOut) }, metrics, 5);
    await expect(offline.attempt('a@b.c', context, () => Promise.reject(grpcError(status.UNAUTHENTICATED)))).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
    });
    expect((await metrics.lockouts.get()).values[0]?.value).toBe(1);
  });

  it('answers 503 when the lockout store is unreachable, without calling the service', async () => {
    const broken = new LoginGuard(
      { reserve: () => Promise.reject(new Error('down')) } as unknown as LoginLockout,
      { publish: async () => undefined },
      metrics,
      5,
    );
    const call = jest.fn();
    await expect(broken.attempt('a@b.c', context, call)).rejects.toMatchObject({
      problem: { status: 503, code: 'DEPENDENCY_UNAVAILABLE', headers: { 'Retry-After': '5' } },
    });
    expect(call).not.toHaveBeenCalled();
  });

  it('calls straight through when the request has no email', async () => {
    await expect(guard.attempt(undefined, context, async () => 'x')).resolves.toBe('x');
    expect(outcomes).toEqual([]);
  });
});
