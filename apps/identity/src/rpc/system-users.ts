import bcrypt from 'bcrypt';
import { z } from 'zod';
import { auditOf } from '@platform/audit';
import { isUniqueViolation, pagedEnvelope, parsePageQuery } from '@platform/db';
import { email, personName, PlatformError, uuid, validate } from '@platform/errors';
import { callerId, type AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import { endAllSessions } from '../app/session-ending';
import type { IdentityDeps } from '../deps';
import { AuditAction } from '../domain/audit-entry';
import { passwordViolations } from '../domain/password-policy';
import { normaliseEmail } from '../domain/secrets';
import { assertMayManageSystemUsers, assertNotSelf, parseSystemRole } from '../domain/system-users';
import { createAccount, findLiveAccountByEmail, listSystemUsers, lockAccount, setSystemRole } from '../store/accounts';
import { toAccountMessage } from './account-mapper';

type SystemUserHandlers = Pick<AsyncService<identityV1.IdentityServiceServer>, 'createSystemUser' | 'listSystemUsers' | 'setSystemRole'>;

const createInput = z.object({ email, firstName: personName, lastName: personName, systemRole: z.string(), password: z.string() });
const roleInput = z.object({ userId: uuid, systemRole: z.string() });

const emailTaken = (): PlatformError => PlatformError.conflict('An account with this email already exists');

/** Platform staff accounts, managed by a SUPER_ADMIN. */
export function systemUserHandlers(deps: IdentityDeps): SystemUserHandlers {
  return {
    /** ACTIVE at once; without a password the person sets one through the password-reset flow. */
    async createSystemUser(request, ctx) {
      assertMayManageSystemUsers(ctx.caller?.systemRole);
      const input = validate(createInput, request);
      const systemRole = parseSystemRole(input.systemRole);
      const address = normaliseEmail(input.email);
      if (input.password !== '') {
        const violations = passwordViolations(input.password, address);
        const [first] = violations;
        if (first) throw PlatformError.validation(violations, `Invalid password: ${first.message}`);
      }
      if (await findLiveAccountByEmail(deps.db, address)) throw emailTaken();
      const passwordHash = input.password === '' ? null : await bcrypt.hash(input.password, deps.bcryptCost);
      try {
        const account = await deps.db.$transaction(async (tx) => {
          const created = await createAccount(tx, {
            email: address,
            firstName: input.firstName,
            lastName: input.lastName,
            passwordHash,
            status: 'ACTIVE',
            userType: 'SYSTEM',
            systemRole,
          });
          await deps.events.auditRecorded(
            tx,
            auditOf(
              ctx,
              {
                action: AuditAction.SYSTEM_USER_CREATED,
                userId: created.id,
                userEmail: created.email,
                resourceType: 'ACCOUNT',
                resourceId: created.id,
                detail: { systemRole },
              },
              deps.now(),
            ),
          );
          return created;
        });
        return toAccountMessage(account);
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
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
      const account = await deps.db.$transaction(async (tx) => {
        const target = await lockAccount(tx, input.userId);
        if (!target || target.userType !== 'SYSTEM') throw PlatformError.notFound('System user');
        if (target.systemRole === systemRole) return target;
        const updated = await setSystemRole(tx, target.id, systemRole);
        await endAllSessions(tx, deps, target.id, 'SYSTEM_ROLE_CHANGED', deps.now());
        await deps.events.auditRecorded(
          tx,
          auditOf(
            ctx,
            {
              action: AuditAction.SYSTEM_ROLE_CHANGED,
              userId: target.id,
              userEmail: target.email,
              resourceType: 'ACCOUNT',
              resourceId: target.id,
              detail: { previousRole: target.systemRole, systemRole },
            },
            deps.now(),
          ),
        );
        return updated;
      });
      return toAccountMessage(account);
    },
  };
}
