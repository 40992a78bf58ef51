import { isUniqueViolation } from '@platform/db';
import { PlatformError } from '@platform/errors';
import type { OrganisationDeps } from '../deps';
import { SEEDED_ROLES } from '../domain/roles';
import { createSubscription } from '../store/billing';
import type { Tx } from '../store/db';
import type { Organization } from '../store/generated/client';
import { createOrganisation, takenKeys, type NewOrganization } from '../store/organisations';

const keysTaken = (which: { slug: boolean; subdomain: boolean }, input: { slug: string; subdomain: string }): PlatformError =>
  PlatformError.conflict(
    which.slug
      ? `The slug '${input.slug}' is already used by another organisation`
      : `The subdomain '${input.subdomain}' is already used by another organisation`,
  );

/**
 * Inserts an organisation with its five roles and its platform subscription; `inTx` runs in the same transaction (events).
 * Slug and subdomain must be free among live organisations (409 otherwise, also when two creates race).
 */
export async function insertOrganization(
  deps: OrganisationDeps,
  input: NewOrganization,
  inTx: (tx: Tx, org: Organization) => Promise<void> = async () => undefined,
): Promise<Organization> {
  const taken = await takenKeys(deps.db, input.slug, input.subdomain);
  if (taken.slug || taken.subdomain) throw keysTaken(taken, input);
  try {
    return await deps.db.$transaction(async (tx) => {
      const org = await createOrganisation(tx, input, SEEDED_ROLES);
      // Every organisation has its platform subscription from the start (GET /api/admin/subscriptions).
      await createSubscription(tx, org.id, org.createdAt);
      await inTx(tx, org);
      return org;
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const raced = await takenKeys(deps.db, input.slug, input.subdomain);
    throw keysTaken(raced.slug || raced.subdomain ? raced : { slug: true, subdomain: false }, input);
  }
}
