import type { OrgRole } from '@platform/auth';
import type { RunningService } from '@platform/grpc-server';
import { organisationV1 } from '@platform/proto';
import { startServiceHarness, testSigner, type RequestOf, type ResponseOf, type ServiceHarness } from '@platform/testing';
import { startOrganisation } from '../src/main';
import { startIdentityStandIn, type IdentityStandIn } from './support/identity-stand-in';
import { startNotificationsStandIn, type NotificationsStandIn } from './support/notifications-stand-in';

type Definition = typeof organisationV1.OrganisationServiceService;

export interface OrganisationHarness extends ServiceHarness<organisationV1.OrganisationServiceClient, Definition, RunningService> {
  /** Calls an RPC as the gateway does for a client: with its IP address and user agent in the metadata. */
  callFrom<M extends keyof Definition & string>(
    client: ClientFacts,
    method: M,
    request: RequestOf<Definition[M]>,
    token: string,
  ): Promise<ResponseOf<Definition[M]>>;
  identity: IdentityStandIn;
  notifications: NotificationsStandIn;
  /** Fails the create-with-owner saga before the named step (until cleared with undefined). */
  failSagaBefore(step: string | undefined): void;
  /** A new organisation with an ACTIVE OWNER (create-with-owner), and tokens of that owner and of a SUPER_ADMIN. */
  newOrganization(slug: string): Promise<NewOrganization>;
}

/** What the gateway forwards about the HTTP client (`x-forwarded-for`, `x-client-user-agent`). */
export interface ClientFacts {
  ip: string;
  userAgent: string;
}

export interface NewOrganization {
  org: organisationV1.Organisation;
  owner: organisationV1.User;
  ownerToken: string;
  /** Role ids by role name. */
  roles: Record<string, string>;
  /** A token of this organisation with the role (a fresh account id unless given). */
  token(role: OrgRole, sub?: string): string;
}

/** Starts the organisation service in-process on its own schema and stream, with stand-ins for identity and notifications. */
export async function startOrganisationHarness(label: string, env: NodeJS.ProcessEnv = {}): Promise<OrganisationHarness> {
  const signer = testSigner();
  const identity = await startIdentityStandIn(signer);
  const notifications = await startNotificationsStandIn(signer);
  let failBefore: string | undefined;
  const h = await startServiceHarness({
    app: 'organisation',
    label,
    start: (env) =>
      startOrganisation(env, {
        sagaHooks: {
          beforeStep: (step) => {
            if (step === failBefore) throw new Error(`injected failure before ${step}`);
          },
        },
      }),
    client: organisationV1.OrganisationServiceClient,
    fakes: { identity, notifications },
    env: {
      SMTP_TEST_TIMEOUT_MS: '3000',
      // Every membership check reads the stand-in's current settings (the cache itself has unit tests).
      SYSTEM_SETTINGS_CACHE_MS: '0',
      ...env,
    },
  });
  return {
    ...h,
    callFrom: (from, method, request, token) =>
      h.call(method, request, token, { 'x-forwarded-for': `${from.ip}, 10.0.0.1`, 'x-client-user-agent': from.userAgent }),
    identity,
    notifications,
    failSagaBefore: (step) => {
      failBefore = step;
    },
    async newOrganization(slug) {
      const sys = h.tokens.system();
      const created = await h.call(
        'createOrganisationWithOwner',
        { orgName: `Org ${slug}`, orgSlug: slug, ownerEmail: `owner@${slug}.org`, ownerFirstName: 'Olive', ownerLastName: 'Owner', sendWelcomeEmail: false },
        sys,
      );
      const org = created.organization!;
      const owner = created.owner!;
      const { roles } = await h.call('listOrganisationRoles', { id: org.id }, sys);
      const token = (role: OrgRole, sub?: string) => h.tokens.org(org.id, role, sub);
      return { org, owner, ownerToken: token('OWNER', owner.id), roles: Object.fromEntries(roles.map((r) => [r.name, r.roleId])), token };
    },
  };
}
