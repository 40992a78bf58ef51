import { decodePayload, PoisonMessage, SUBJECTS, type PayloadOf } from '@platform/messaging';
import type { Logger } from '@platform/telemetry';
import type { SessionDenylist } from '../auth/session-denylist';
import type { MessageSubscriber, RunningSubscription, SubscribeOptions } from './message-bus';

export const SESSION_REVOKED_DURABLE = 'gateway-session-revocations';

/**
 * Feeds the denylist from identity's `identity.session.revoked` messages. Applying one is
 * idempotent, so redeliveries are harmless; an undecodable one is set aside as a dead letter.
 */
export function startSessionRevokedConsumer(
  bus: MessageSubscriber,
  denylist: SessionDenylist,
  logger: Logger,
  options?: SubscribeOptions,
): Promise<RunningSubscription> {
  return bus.subscribe(
    SESSION_REVOKED_DURABLE,
    SUBJECTS.sessionRevoked,
    async (payload) => {
      let event: PayloadOf<typeof SUBJECTS.sessionRevoked>;
      try {
        event = decodePayload(SUBJECTS.sessionRevoked, payload);
      } catch (err) {
        throw new PoisonMessage(`does not decode as ${SUBJECTS.sessionRevoked}`, { cause: err });
      }
      await denylist.apply({ accountId: event.accountId, sessionId: event.sessionId, revokedAt: Number(event.revokedAt) });
      logger.info({ accountId: event.accountId, sessionId: event.sessionId || undefined, reason: event.reason }, 'session revoked');
    },
    options,
  );
}
