import { z } from 'zod';
import { isUniqueViolation } from '@platform/db';
import { decimalAmount, PlatformError, uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import { assignMembership, getAssignment, renewMembership } from '../app/membership-assignments';
import { assertPriceFits, changeMembershipType, deleteMembershipType } from '../app/membership-types';
import type { OrganisationDeps } from '../deps';
import { organizationNotFound } from '../domain/errors';
import { parseIsoDate } from '../domain/member-fields';
import { dayOf } from '../domain/membership-period';
import { isCurrencyCode } from '../domain/money';
import { findLiveOrganization } from '../store/organisations';
import { createMembershipType, listMembershipTypes } from '../store/membership-types';
import { toAssignmentMessage, toMembershipTypeMessage } from './mappers';

const typeName = z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters');
const typeDescription = z.string().trim().max(2000, 'must be at most 2000 characters');
const price = decimalAmount();
const currency = z.string().trim().refine(isCurrencyCode, 'must be an ISO 4217 currency code in upper case (EUR, USD, …)');
const durationMonths = z.number().int('must be a whole number').min(1, 'must be at least 1').max(120, 'must be at most 120');
const benefits = z.array(z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters')).max(50, 'must hold at most 50 benefits');
const isoDate = z
  .string()
  .trim()
  .refine((value) => value === '' || parseIsoDate(value) !== undefined, 'must be a date YYYY-MM-DD')
  .transform((value) => (value === '' ? undefined : parseIsoDate(value)));

const byOrg = z.object({ organizationId: uuid });
const byType = z.object({ organizationId: uuid, typeId: uuid });
const byMember = z.object({ organizationId: uuid, userId: uuid });
const createInput = z.object({ organizationId: uuid, name: typeName, description: typeDescription, price, currency, durationMonths, benefits });
const updateInput = z.object({
  organizationId: uuid,
  typeId: uuid,
  name: typeName.optional(),
  description: typeDescription.optional(),
  price: price.optional(),
  currency: currency.optional(),
  durationMonths: durationMonths.optional(),
  benefits,
  benefitsSet: z.boolean(),
});
const assignInput = z.object({ organizationId: uuid, userId: uuid, membershipTypeId: uuid, startDate: isoDate, endDate: isoDate });

const nameTaken = (): PlatformError => PlatformError.conflict('The organisation already has a membership type with this name');

type MembershipTypeHandlers = Pick<
  AsyncService<organisationV1.OrganisationServiceServer>,
  | 'listMembershipTypes'
  | 'createMembershipType'
  | 'updateMembershipType'
  | 'deleteMembershipType'
  | 'getMembershipAssignment'
  | 'assignMembership'
  | 'renewMembership'
>;

export function membershipTypeHandlers(deps: OrganisationDeps): MembershipTypeHandlers {
  const today = () => dayOf(deps.now());
  const raced = (err: unknown): never => {
    if (isUniqueViolation(err)) throw PlatformError.conflict('The membership was changed at the same time; try again');
    throw err;
  };
  return {
    async listMembershipTypes(request) {
      const { organizationId } = validate(byOrg, request);
      if (!(await findLiveOrganization(deps.db, organizationId))) throw organizationNotFound();
      return { types: (await listMembershipTypes(deps.db, organizationId)).map(toMembershipTypeMessage) };
    },

    async createMembershipType(request) {
      const input = validate(createInput, request);
      assertPriceFits(input.price, input.currency, true);
      if (!(await findLiveOrganization(deps.db, input.organizationId))) throw organizationNotFound();
      try {
        return toMembershipTypeMessage(await createMembershipType(deps.db, input));
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken();
        throw err;
      }
    },

    async updateMembershipType(request) {
      const { benefitsSet, benefits: newBenefits, organizationId, typeId, ...changes } = validate(updateInput, request);
      try {
        const updated = await changeMembershipType(deps, organizationId, typeId, { ...changes, ...(benefitsSet ? { benefits: newBenefits } : {}) });
        return toMembershipTypeMessage(updated);
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken();
        throw err;
      }
    },

    async deleteMembershipType(request) {
      const { organizationId, typeId } = validate(byType, request);
      await deleteMembershipType(deps, organizationId, typeId);
      return {};
    },

    async getMembershipAssignment(request) {
      const { organizationId, userId } = validate(byMember, request);
      if (!(await findLiveOrganization(deps.db, organizationId))) throw organizationNotFound();
      const { assignment, invoiceId } = await getAssignment(deps, organizationId, userId);
      return toAssignmentMessage(assignment, invoiceId, today());
    },

    async assignMembership(request) {
      const input = validate(assignInput, request);
      const { assignment, invoiceId } = await assignMembership(deps, {
        organizationId: input.organizationId,
        accountId: input.userId,
        membershipTypeId: input.membershipTypeId,
        startDate: input.startDate,
        endDate: input.endDate,
      }).catch(raced);
      return toAssignmentMessage(assignment, invoiceId, today());
    },

    async renewMembership(request) {
      const { organizationId, userId } = validate(byMember, request);
      const { assignment, invoiceId } = await renewMembership(deps, { organizationId, accountId: userId }).catch(raced);
      return toAssignmentMessage(assignment, invoiceId, today());
    },
  };
}
