import { z } from 'zod';
import { customDomainProblem, normaliseDomain } from '../domain/custom-domain';
import { parseIsoDate } from '../domain/member-fields';
import { isMembershipStatus, MEMBERSHIP_STATUSES } from '../domain/membership-status';
import { ORG_TYPES, isOrgType } from '../domain/org-types';
import { slugProblem, subdomainProblem } from '../domain/slug';

/** Field rules of the organisation service's own RPCs (the common ones are in @platform/errors). */
export const orgName = z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters');
export const description = z.string().trim().max(5000, 'must be at most 5000 characters');
export const websiteUrl = z
  .string()
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), 'must be an http or https URL');

/** A custom domain (host name, any case, trailing dot allowed), normalised; '' removes it (null). */
export const customDomain = z
  .string()
  .transform(normaliseDomain)
  .superRefine((value, ctx) => {
    const problem = value === '' ? undefined : customDomainProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => (value === '' ? null : value));

// Slugs and subdomains are taken exactly as sent: no silent trimming or lower-casing.
export const slug = z.string().superRefine((value, ctx) => {
  const problem = slugProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const subdomain = z.string().superRefine((value, ctx) => {
  const problem = subdomainProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const orgType = z
  .string()
  .trim()
  .refine(isOrgType, `must be one of ${ORG_TYPES.join(', ')}`);

export const membershipStatus = z.string().refine(isMembershipStatus, `must be one of ${MEMBERSHIP_STATUSES.join(', ')}`);

/** A text field of the member profile: trimmed, at most `max` characters; '' clears it (null). */
const profileText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((value) => (value === '' ? null : value));

const isoDate = z
  .string()
  .trim()
  .refine((value) => value === '' || parseIsoDate(value) !== undefined, 'must be a date YYYY-MM-DD')
  .transform((value) => (value === '' ? null : (parseIsoDate(value) as Date)));

/** The member profile's field rules (spec section 2, member mapping); text and dates accept '' to clear. */
export const profileFields = {
  displayName: profileText(200),
  phoneNumber: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\+?[0-9][0-9 ().-]{2,31}$/.test(value), 'must be a phone number (digits, spaces, + ( ) . -)')
    .transform((value) => (value === '' ? null : value)),
  jobTitle: profileText(200),
  company: profileText(200),
  dateOfBirth: isoDate.refine((value) => value === null || value.getTime() <= Date.now(), 'must not be in the future'),
  addressLine1: profileText(200),
  city: profileText(100),
  postalCode: profileText(20),
  isCertified: z.boolean(),
  membershipRenewalDate: isoDate,
  isExcludedFromListing: z.boolean(),
  externalId: profileText(100),
};
