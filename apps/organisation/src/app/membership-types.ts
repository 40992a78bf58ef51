import { PlatformError } from '@platform/errors';
import type { OrganisationDeps } from '../deps';
import { organizationNotFound } from '../domain/errors';
import { priceInCurrencyViolations } from '../domain/money';
import type { MembershipType } from '../store/generated/client';
import { findLiveMembershipType, softDeleteMembershipType, updateMembershipType } from '../store/membership-types';
import { lockLiveOrganization } from '../store/organisations';

const typeNotFound = (): PlatformError => PlatformError.notFound('Membership type');

/** A price with more decimals than its currency has minor units is a 400 (nothing is written). */
export const assertPriceFits = (price: string, currency: string, priceSent: boolean): void => {
  const violations = priceInCurrencyViolations(price, currency, priceSent);
  if (violations.length > 0) throw PlatformError.validation(violations, `Invalid ${violations.map((v) => v.field).join(', ')}`);
};

/** The fields of a membership type to change (absent ones are kept). */
export interface MembershipTypeChange {
  name?: string;
  description?: string;
  price?: string;
  currency?: string;
  durationMonths?: number;
  benefits?: string[];
}

/** Changes a live type of a live organisation (locked), checking the price against the currency it will have. */
export async function changeMembershipType(
  deps: OrganisationDeps,
  organizationId: string,
  typeId: string,
  change: MembershipTypeChange,
): Promise<MembershipType> {
  return deps.db.$transaction(async (tx) => {
    if (!(await lockLiveOrganization(tx, organizationId))) throw organizationNotFound();
    const type = await findLiveMembershipType(tx, organizationId, typeId);
    if (!type) throw typeNotFound();
    // Checked against what the type will be: a new currency must fit the kept price too.
    if (change.price !== undefined || change.currency !== undefined) {
      assertPriceFits(change.price ?? type.price.toFixed(), change.currency ?? type.currency, change.price !== undefined);
    }
    return updateMembershipType(tx, typeId, change);
  });
}

/** Soft-deletes a live type of a live organisation (locked). */
export async function deleteMembershipType(deps: OrganisationDeps, organizationId: string, typeId: string): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    if (!(await lockLiveOrganization(tx, organizationId))) throw organizationNotFound();
    if (!(await findLiveMembershipType(tx, organizationId, typeId))) throw typeNotFound();
    await softDeleteMembershipType(tx, typeId, deps.now());
  });
}
