import { eventsCommonV1 } from '@platform/proto';
import type { EventPublisher } from '../events/event-bus';

export const AUDIT_RECORDED = 'audit.recorded';
export const LOGIN_LOCKED = 'LOGIN_LOCKED';

export interface LockEvent {
  email: string;
  account: string;
  lockedUntil: Date;
  failedAttempts: number;
  route: string;
  requestId: string;
  ipAddress?: string;
  userAgent?: string;
}

/**
 * The `audit.recorded` event of an account lock, published straight to the stream. The message id
 * is derived from the lock itself, so a retried publish is dropped as a duplicate by JetStream.
 */
export async function publishLockAudit(publisher: EventPublisher, lock: LockEvent): Promise<void> {
  const event: eventsCommonV1.AuditRecorded = {
    userId: '',
    userEmail: lock.email.trim().toLowerCase(),
    organizationId: '',
    action: LOGIN_LOCKED,
    resourceType: 'ACCOUNT',
    resourceId: '',
    ipAddress: lock.ipAddress ?? '',
    userAgent: lock.userAgent ?? '',
    occurredAt: new Date().toISOString(),
    detailJson: JSON.stringify({
      failedAttempts: lock.failedAttempts,
      lockedUntil: lock.lockedUntil.toISOString(),
      route: lock.route,
      requestId: lock.requestId,
    }),
  };
  const payload = eventsCommonV1.AuditRecorded.encode(event).finish();
  await publisher.publish(AUDIT_RECORDED, payload, `gateway-login-locked-${lock.account}-${lock.lockedUntil.getTime()}`);
}
