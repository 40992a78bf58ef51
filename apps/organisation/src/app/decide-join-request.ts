import { PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { OrganisationDeps } from '../deps';
import { AuditAction } from '../domain/audit-actions';
import { organizationNotFound } from '../domain/errors';
import { assertUndecided, type JoinRequestDecisionKind } from '../domain/join-request-rules';
import { DEFAULT_MEMBER_ROLE } from '../domain/roles';
import type { Tx } from '../store/db';
import type { JoinRequest, Organization } from '../store/generated/client';
import { decideJoinRequest, findJoinRequest, lockJoinRequest } from '../store/join-requests';
import type { MembershipWithRole } from '../store/memberships';
import { findLiveOrganization, findRoleByName } from '../store/organisations';
import { attachMember, discardCreatedAccount } from './attach-member';
import { recordInvitationAction } from './invitation-audit';

export const joinRequestNotFound = (): PlatformError => PlatformError.notFound('Join request');

interface Decided {
  request: JoinRequest;
  member?: MembershipWithRole;
}

/** Locks the request and checks it is still PENDING (409 otherwise). */
async function lockUndecided(tx: Tx, organizationId: string, requestId: string): Promise<JoinRequest> {
  const request = await lockJoinRequest(tx, organizationId, requestId);
  if (!request) throw joinRequestNotFound();
  assertUndecided(request.status);
  return request;
}

async function announceDecision(
  deps: OrganisationDeps,
  tx: Tx,
  ctx: CallContext,
  org: Organization,
  decided: JoinRequest,
  decision: JoinRequestDecisionKind,
  accountCreated: boolean,
): Promise<void> {
  const now = deps.now();
  await deps.messages.joinRequestDecided(tx, {
    organizationId: org.id,
    organizationName: org.name,
    organizationSlug: org.slug,
    requestId: decided.id,
    email: decided.email,
    firstName: decided.firstName,
    lastName: decided.lastName,
    decision,
    accountId: decided.accountId ?? '',
    accountCreated,
    decidedBy: ctx.caller?.sub ?? '',
    occurredAt: now,
  });
  await recordInvitationAction(deps, tx, ctx, {
    action: decision === 'APPROVED' ? AuditAction.JOIN_REQUEST_APPROVED : AuditAction.JOIN_REQUEST_REJECTED,
    userId: decided.accountId ?? ctx.caller?.sub ?? '',
    userEmail: decided.email,
    organizationId: org.id,
    resourceType: 'JOIN_REQUEST',
    resourceId: decided.id,
    detail: { accountCreated },
  });
}

/**
 * Approves a PENDING join request: identity finds or makes the account (without a password), and in
 * one transaction, with the request locked (deciding twice is 409), the person becomes an ACTIVE
 * MEMBER (within maxOrganisationsPerUser; a running membership is 409) and
 * organisation.join-request.decided asks notifications for the approval email (its set-password
 * link when the account is new). An account made for a failed approval is discarded again.
 */
export async function approveJoinRequest(deps: OrganisationDeps, ctx: CallContext, input: { organizationId: string; requestId: string }): Promise<Decided> {
  const org = await findLiveOrganization(deps.db, input.organizationId);
  if (!org) throw organizationNotFound();
  const pending = await findJoinRequest(deps.db, org.id, input.requestId);
  if (!pending) throw joinRequestNotFound();
  assertUndecided(pending.status);
  const role = await findRoleByName(deps.db, org.id, DEFAULT_MEMBER_ROLE);
  if (!role) throw new Error(`organisation ${org.id} has no ${DEFAULT_MEMBER_ROLE} role`);
  const limit = await deps.membershipLimit.current(ctx);
  const { account, created } = await deps.identity.ensureAccount({ email: pending.email, firstName: pending.firstName, lastName: pending.lastName }, ctx);
  try {
    return await deps.db.$transaction(async (tx) => {
      const request = await lockUndecided(tx, org.id, pending.id);
      const member = await attachMember(deps, tx, ctx, {
        org,
        role,
        account,
        accountCreated: created,
        names: { firstName: request.firstName, lastName: request.lastName },
        status: 'ACTIVE',
        limit,
      });
      const decided = await decideJoinRequest(tx, request.id, {
        status: 'APPROVED',
        decidedBy: ctx.caller?.sub ?? '',
        decidedAt: deps.now(),
        accountId: account.id,
      });
      await announceDecision(deps, tx, ctx, org, decided, 'APPROVED', created);
      return { request: decided, member };
    });
  } catch (err) {
    if (created) await discardCreatedAccount(deps, account.id);
    throw err;
  }
}

/** Rejects a PENDING join request (REJECTED; deciding twice is 409) and asks for the rejection email. */
export async function rejectJoinRequest(deps: OrganisationDeps, ctx: CallContext, input: { organizationId: string; requestId: string }): Promise<Decided> {
  const org = await findLiveOrganization(deps.db, input.organizationId);
  if (!org) throw organizationNotFound();
  return deps.db.$transaction(async (tx) => {
    const request = await lockUndecided(tx, org.id, input.requestId);
    const decided = await decideJoinRequest(tx, request.id, { status: 'REJECTED', decidedBy: ctx.caller?.sub ?? '', decidedAt: deps.now() });
    await announceDecision(deps, tx, ctx, org, decided, 'REJECTED', false);
    return { request: decided };
  });
}
