import { randomUUID } from 'node:crypto';
import { startPlatformStack, STACK_ADMIN } from '@platform/testing';
import type { SetupHooks } from './setup';

/** A stack on this machine to run the scenarios against. */
export interface LocalStack {
  baseUrl: string;
  admin: { email: string; password: string };
  hooks: SetupHooks;
  /** For the report: what runs. */
  description: string;
  stop(): Promise<void>;
}

/**
 * `startPlatformStack`: the built identity service and gateway, with a stand-in organisation service
 * that answers only the membership lookup. The setup makes members through the stand-in's table;
 * organisation routes answer 501.
 */
export async function platformStack(bcryptCost: number): Promise<LocalStack> {
  const stack = await startPlatformStack('loadtest', { bcryptCost });
  const organisations = stack.organisations;
  if (!organisations) throw new Error('the stack runs without the stand-in organisation service');
  const organizationId = randomUUID();
  return {
    baseUrl: stack.baseUrl,
    admin: STACK_ADMIN,
    description:
      'the built identity service and gateway as processes (`startPlatformStack`), with a stand-in organisation service that answers only the membership lookup (organisation routes answer 501)',
    hooks: {
      organisation: {
        id: organizationId,
        attach: (account, role) =>
          void organisations.memberships.set(account.id, [
            { organizationId: organizationId, organizationSlug: 'loadtest', role, status: 'ACTIVE', joinedAt: new Date().toISOString() },
          ]),
      },
    },
    stop: () => stack.stop(),
  };
}

/**
 * `startPlatformStack` with the built organisation service: identity, organisation and the gateway
 * as processes, each service on a schema of its own; the setup goes through the real API.
 */
export async function stackWithOrganisation(bcryptCost: number): Promise<LocalStack> {
  const stack = await startPlatformStack('loadtest', { bcryptCost, organisation: 'real' });
  return {
    baseUrl: stack.baseUrl,
    admin: STACK_ADMIN,
    description: 'the built identity service, organisation service and gateway as processes, each service on a schema of its own',
    hooks: {},
    stop: () => stack.stop(),
  };
}
