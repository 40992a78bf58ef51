import { z } from 'zod';
import { email, optionalOneOf, personName, uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import { importMembers } from '../app/import-members';
import type { OrganisationDeps } from '../deps';
import { IMPORT_ROLES, IMPORT_STATUSES, type ImportEntry } from '../domain/member-import';
import { profileFields } from './inputs';

const { externalId: _externalId, ...profileRules } = profileFields;

const recordInput = z.object({
  externalId: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  email,
  firstName: personName,
  lastName: personName,
  status: optionalOneOf(IMPORT_STATUSES),
  role: optionalOneOf(IMPORT_ROLES),
  registeredAt: z.date({ error: 'must be a timestamp' }).optional(),
  ...profileRules,
});

/** A record that breaks the rules is answered ERROR with its problems; the batch goes on. */
function entryOf(record: organisationV1.MemberRecord): ImportEntry {
  const parsed = recordInput.safeParse(record);
  const externalId = record.externalId.trim();
  if (parsed.success) return { externalId, record: parsed.data };
  return { externalId, problem: parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ') };
}

type MemberImportHandlers = Pick<AsyncService<organisationV1.OrganisationServiceServer>, 'upsertMembers'>;

export function memberImportHandlers(deps: OrganisationDeps): MemberImportHandlers {
  return {
    async upsertMembers(request, ctx) {
      const { organizationId } = validate(z.object({ organizationId: uuid }), request);
      return importMembers(deps, ctx, organizationId, request.members.map(entryOf));
    },
  };
}
