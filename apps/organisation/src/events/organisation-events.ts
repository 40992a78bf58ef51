import { writeOutbox, type MessagingNames } from '@platform/messaging';
import { eventsCommonV1, organisationEventsV1 } from '@platform/proto';
import type { AuditActionName } from '../domain/audit-actions';
import type { Tx } from '../store/db';

export const SUBJECTS = {
  membershipChanged: 'organisation.membership.changed',
  memberInvited: 'organisation.member.invited',
  organisationCreated: 'organisation.organisation.created',
  organisationDeleted: 'organisation.organisation.deleted',
  auditRecorded: 'audit.recorded',
} as const;

export interface MembershipChange {
  accountId: string;
  organizationId: string;
  role: string;
  status: string;
  /** '' for a new membership. */
  previousStatus: string;
  /** '' when the role did not change. */
  previousRole: string;
  occurredAt: Date;
}

/** An audit entry (identity stores it): whom it concerns, what happened, and who did it from where. */
export interface AuditFacts {
  action: AuditActionName;
  /** The account the action concerns: the member, or for organisation actions the one who acted. */
  userId: string;
  userEmail: string;
  organizationId: string;
  resourceType: 'ORGANIZATION' | 'MEMBERSHIP';
  resourceId: string;
  ipAddress?: string;
  userAgent?: string;
  /** Who acted (`by`) and what changed. */
  detail: Record<string, unknown>;
  occurredAt: Date;
}

type Payload<T> = Omit<T, 'occurredAt'> & { occurredAt: Date };

/** The events the organisation service publishes, each written to the outbox in the caller's transaction. */
export interface OrganisationEvents {
  membershipChanged(tx: Tx, change: MembershipChange): Promise<void>;
  memberInvited(tx: Tx, event: Payload<organisationEventsV1.MemberInvited>): Promise<void>;
  organisationCreated(tx: Tx, event: Payload<organisationEventsV1.OrganisationCreated>): Promise<void>;
  organisationDeleted(tx: Tx, event: Payload<organisationEventsV1.OrganisationDeleted>): Promise<void>;
  auditRecorded(tx: Tx, facts: AuditFacts): Promise<void>;
}

export function outboxEvents(schema: string, names: MessagingNames): OrganisationEvents {
  const write = (tx: Tx, subject: string, payload: Uint8Array) => writeOutbox(tx, schema, { subject: names.subject(subject), payload }).then(() => undefined);
  return {
    membershipChanged: (tx, change) =>
      write(tx, SUBJECTS.membershipChanged, organisationEventsV1.MembershipChanged.encode({ ...change, occurredAt: change.occurredAt.toISOString() }).finish()),
    memberInvited: (tx, event) =>
      write(tx, SUBJECTS.memberInvited, organisationEventsV1.MemberInvited.encode({ ...event, occurredAt: event.occurredAt.toISOString() }).finish()),
    organisationCreated: (tx, event) =>
      write(tx, SUBJECTS.organisationCreated, organisationEventsV1.OrganisationCreated.encode({ ...event, occurredAt: event.occurredAt.toISOString() }).finish()),
    organisationDeleted: (tx, event) =>
      write(tx, SUBJECTS.organisationDeleted, organisationEventsV1.OrganisationDeleted.encode({ ...event, occurredAt: event.occurredAt.toISOString() }).finish()),
    auditRecorded: (tx, facts) =>
      write(
        tx,
        SUBJECTS.auditRecorded,
        eventsCommonV1.AuditRecorded.encode({
          userId: facts.userId,
          userEmail: facts.userEmail,
          organizationId: facts.organizationId,
          action: facts.action,
          resourceType: facts.resourceType,
          resourceId: facts.resourceId,
          ipAddress: facts.ipAddress ?? '',
          userAgent: facts.userAgent ?? '',
          occurredAt: facts.occurredAt.toISOString(),
          detailJson: JSON.stringify(facts.detail),
        }).finish(),
      ),
  };
}
