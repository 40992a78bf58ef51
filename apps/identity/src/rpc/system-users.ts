import { z } from 'zod';
import { pagedEnvelope, parsePageQuery } from '@platform/db';
import { email, personName, uuid, validate } from '@platform/errors';
import { callerId, type AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import { createSystemUser } from '../app/create-system-user';
import { setSystemRole } from '../app/set-system-role';
import type { IdentityDeps } from '../deps';
import { assertMayManageSystemUsers, assertNotSelf, parseSystemRole } from '../domain/system-users';
import { listSystemUsers } from '../store/accounts';
import { toAccountMessage } from './account-mapper';

type SystemUserHandlers = Pick<AsyncService<identityV1.IdentityServiceServer>, 'createSystemUser' | 'listSystemUsers' | 'setSystemRole'>;

const createInput = z.object({ email, firstName: personName, lastName: personName, systemRole: z.string(), password: z.string() });
const roleInput = z.object({ userId: uuid, systemRole: z.string() });

/** Platform staff accounts, managed by a SUPER_ADMIN. */
export function systemUserHandlers(deps: IdentityDeps): SystemUserHandlers {
  return {
    /** ACTIVE at once; without a password the person sets one through the password-reset flow. */
    async createSystemUser(request, ctx) {
      assertMayManageSystemUsers(ctx.caller?.systemRole);
      const input = validate(createInput, request);
      const systemRole = parseSystemRole(input.systemRole);
      return toAccountMessage(await createSystemUser(deps, ctx, { ...input, systemRole }));
    },

    async listSystemUsers(request) {
      const page = parsePageQuery(request, { sortable: ['email'], defaultSort: { field: 'email', direction: 'asc' } });
      const { rows, total } = await listSystemUsers(deps.db, page);
      return pagedEnvelope(rows.map(toAccountMessage), total, page);
    },

    /** A new system role takes effect at once: the account's sessions end (their tokens carry the old one). */
    async setSystemRole(request, ctx) {
      assertMayManageSystemUsers(ctx.caller?.systemRole);
      const input = validate(roleInput, request);
      const systemRole = parseSystemRole(input.systemRole);
      assertNotSelf(callerId(ctx), input.userId);
      return toAccountMessage(await setSystemRole(deps, ctx, { userId: input.userId, systemRole }));
    },
  };
}
