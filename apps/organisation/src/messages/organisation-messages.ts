import { outboxAuditWriter, type AuditEntry } from '@platform/audit';
import { SUBJECTS, type ServiceOutbox } from '@platform/messaging';
import type { organisationEventsV1 } from '@platform/proto';
import type { Tx } from '../store/db';

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

type Payload<T> = Omit<T, 'occurredAt'> & { occurredAt: Date };

/** The messages the organisation service publishes, each written to the outbox in the caller's transaction. */
export interface OrganisationMessages {
  membershipChanged(tx: Tx, change: MembershipChange): Promise<void>;
  /** Many membership changes in one outbox statement (an import's chunk), in the given order. */
  membershipsChanged(tx: Tx, changes: readonly MembershipChange[]): Promise<void>;
  memberInvited(tx: Tx, event: Payload<organisationEventsV1.MemberInvited>): Promise<void>;
  organizationCreated(tx: Tx, event: Payload<organisationEventsV1.OrganisationCreated>): Promise<void>;
  organizationDeleted(tx: Tx, event: Payload<organisationEventsV1.OrganisationDeleted>): Promise<void>;
  memberProfileChanged(tx: Tx, event: Payload<organisationEventsV1.MemberProfileChanged>): Promise<void>;
  membershipAssigned(tx: Tx, event: Payload<organisationEventsV1.MembershipAssigned>): Promise<void>;
  membershipRenewed(tx: Tx, event: Payload<organisationEventsV1.MembershipRenewed>): Promise<void>;
  membershipExpired(tx: Tx, event: Payload<organisationEventsV1.MembershipExpired>): Promise<void>;
  membershipRenewalDue(tx: Tx, event: Payload<organisationEventsV1.MembershipRenewalDue>): Promise<void>;
  invitationAccepted(tx: Tx, event: Payload<organisationEventsV1.InvitationAccepted>): Promise<void>;
  joinRequestDecided(tx: Tx, event: Payload<organisationEventsV1.JoinRequestDecided>): Promise<void>;
  creationInvitationCreated(tx: Tx, event: Payload<organisationEventsV1.CreationInvitationCreated>): Promise<void>;
  /** An audit entry (identity stores it): whom it concerns, what happened, and who did it from where. */
  auditRecorded(tx: Tx, entry: AuditEntry): Promise<void>;
}

export function outboxMessages({ write, writeMany }: ServiceOutbox): OrganisationMessages {
  const audit = outboxAuditWriter(write);
  const at = <T extends { occurredAt: Date }>(event: T) => ({ ...event, occurredAt: event.occurredAt.toISOString() });
  return {
    membershipChanged: async (tx, change) => void (await write(tx, SUBJECTS.membershipChanged, at(change))),
    membershipsChanged: async (tx, changes) => void (await writeMany(tx, SUBJECTS.membershipChanged, changes.map(at))),
    memberInvited: async (tx, event) => void (await write(tx, SUBJECTS.memberInvited, at(event))),
    organizationCreated: async (tx, event) => void (await write(tx, SUBJECTS.organizationCreated, at(event))),
    organizationDeleted: async (tx, event) => void (await write(tx, SUBJECTS.organizationDeleted, at(event))),
    memberProfileChanged: async (tx, event) => void (await write(tx, SUBJECTS.memberProfileChanged, at(event))),
    membershipAssigned: async (tx, event) => void (await write(tx, SUBJECTS.membershipAssigned, at(event))),
    membershipRenewed: async (tx, event) => void (await write(tx, SUBJECTS.membershipRenewed, at(event))),
    membershipExpired: async (tx, event) => void (await write(tx, SUBJECTS.membershipExpired, at(event))),
    membershipRenewalDue: async (tx, event) => void (await write(tx, SUBJECTS.membershipRenewalDue, at(event))),
    invitationAccepted: async (tx, event) => void (await write(tx, SUBJECTS.invitationAccepted, at(event))),
    joinRequestDecided: async (tx, event) => void (await write(tx, SUBJECTS.joinRequestDecided, at(event))),
    creationInvitationCreated: async (tx, event) => void (await write(tx, SUBJECTS.creationInvitationCreated, at(event))),
    auditRecorded: (tx, entry) => audit.record(tx, entry),
  };
}
