import type { CallContext } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import type { OrganisationDeps } from '../deps';
import type { MembershipLimit } from '../domain/membership-limit';
import { DEFAULT_ORG_TYPE } from '../domain/org-types';
import { runSaga, type SagaStep } from '../domain/saga';
import type { Tx } from '../store/db';
import type { Organization } from '../store/generated/client';
import type { MembershipWithRole } from '../store/memberships';
import { discardUnusedOrganization, findRoleByName } from '../store/organisations';
import { attachMember, discardCreatedAccount } from './attach-member';
import { recordOrganizationAction } from './audit-entries';
import { insertOrganization } from './insert-organisation';

/** A validated CreateOrganisationWithOwner request. */
export interface CreateWithOwnerInput {
  orgName: string;
  /** Also the subdomain. */
  orgSlug: string;
  ownerEmail: string;
  ownerFirstName: string;
  ownerLastName: string;
  sendWelcomeEmail: boolean;
  /** The owner's first password (create-with-invitation): set when the account has none yet. */
  ownerPassword?: string;
  /** Runs in the owner's transaction (create-with-invitation uses its token there, once). */
  inOwnerTransaction?: (tx: Tx, org: Organization) => Promise<void>;
}

/** The saga's steps, by name (what a test injects a failure before). */
export const CREATE_WITH_OWNER_STEPS = ['createOrganisation', 'ensureOwnerAccount', 'activateOwnerAccount', 'attachOwner'] as const;

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`create-with-owner: no ${what} after the step that makes it`);
  return value;
}

interface Progress {
  input: CreateWithOwnerInput;
  ctx: CallContext;
  /** maxOrganisationsPerUser, read before the saga starts. */
  limit: MembershipLimit;
  org?: Organization;
  account?: identityV1.Account;
  accountCreated: boolean;
  owner?: MembershipWithRole;
}

/**
 * Organisation, owner account and OWNER membership in one saga:
 *  1. createOrganisation — the organisation and its roles (undo: remove it, it has no member yet);
 *  2. ensureOwnerAccount — identity finds or creates the account (undo: discard it if created);
 *  3. activateOwnerAccount — with ownerPassword, an account without a password gets it (verified);
 *     nothing to undo: a failure here (the password policy's 400) comes before any password is set;
 *  4. attachOwner — the ACTIVE OWNER membership and the events, in one transaction (last step).
 * The subdomain is the slug and the type ASSOCIATION. A failed step undoes the ones before it.
 */
function steps(deps: OrganisationDeps): SagaStep<Progress>[] {
  return [
    {
      name: 'createOrganisation',
      run: async (p) => {
        p.org = await insertOrganization(deps, {
          name: p.input.orgName,
          slug: p.input.orgSlug,
          subdomain: p.input.orgSlug,
          email: p.input.ownerEmail,
          orgType: DEFAULT_ORG_TYPE,
        });
      },
      compensate: async (p) => {
        if (p.org && !(await discardUnusedOrganization(deps.db, p.org.id))) {
          deps.logger.error({ organizationId: p.org.id }, 'create-with-owner: the organisation could not be removed');
        }
      },
    },
    {
      name: 'ensureOwnerAccount',
      run: async (p) => {
        const reply = await deps.identity.ensureAccount(
          { email: p.input.ownerEmail, firstName: p.input.ownerFirstName, lastName: p.input.ownerLastName },
          p.ctx,
        );
        p.account = reply.account;
        p.accountCreated = reply.created;
      },
      compensate: async (p) => {
        if (p.account && p.accountCreated) await discardCreatedAccount(deps, p.account.id);
      },
    },
    {
      name: 'activateOwnerAccount',
      run: async (p) => {
        const account = required(p.account, 'account');
        if (p.input.ownerPassword === undefined || account.hasPassword) return;
        const activated = await deps.identity.activateAccount(
          { accountId: account.id, password: p.input.ownerPassword, firstName: p.input.ownerFirstName, lastName: p.input.ownerLastName },
          p.ctx,
        );
        if (activated) p.account = activated;
      },
    },
    {
      name: 'attachOwner',
      run: async (p) => {
        const org = required(p.org, 'organisation');
        const account = required(p.account, 'account');
        p.owner = await deps.db.$transaction(async (tx) => {
          const role = await findRoleByName(tx, org.id, 'OWNER');
          if (!role) throw new Error(`organisation ${org.id} has no OWNER role`);
          const owner = await attachMember(deps, tx, p.ctx, {
            org,
            role,
            account,
            accountCreated: p.accountCreated,
            names: { firstName: p.input.ownerFirstName, lastName: p.input.ownerLastName },
            status: 'ACTIVE',
            limit: p.limit,
          });
          await deps.messages.organizationCreated(tx, {
            organizationId: org.id,
            name: org.name,
            slug: org.slug,
            subdomain: org.subdomain,
            email: org.email,
            orgType: org.orgType,
            ownerAccountId: account.id,
            ownerEmail: account.email,
            ownerFirstName: owner.firstName,
            ownerLastName: owner.lastName,
            ownerAccountCreated: p.accountCreated,
            sendWelcomeEmail: p.input.sendWelcomeEmail,
            occurredAt: deps.now(),
          });
          await recordOrganizationAction(deps, tx, p.ctx, 'ORGANIZATION_CREATED', org, { ownerAccountId: account.id, ownerAccountCreated: p.accountCreated });
          await p.input.inOwnerTransaction?.(tx, org);
          return owner;
        });
      },
    },
  ];
}

/**
 * Runs the saga for a validated request; answers the organisation, its owner's membership and
 * whether identity created the owner's account. maxOrganisationsPerUser is read before anything is
 * made: without it there is nothing to undo.
 */
export async function createOrganizationWithOwner(
  deps: OrganisationDeps,
  input: CreateWithOwnerInput,
  ctx: CallContext,
): Promise<{ org: Organization; owner: MembershipWithRole; ownerAccountCreated: boolean }> {
  const progress: Progress = { input, ctx, limit: await deps.membershipLimit.current(ctx), accountCreated: false };
  await runSaga(steps(deps), progress, {
    beforeStep: deps.sagaHooks?.beforeStep,
    onCompensationFailed: (step, err) => deps.logger.error({ err, step }, 'create-with-owner: a compensation failed'),
  });
  return { org: required(progress.org, 'organisation'), owner: required(progress.owner, 'owner'), ownerAccountCreated: progress.accountCreated };
}
