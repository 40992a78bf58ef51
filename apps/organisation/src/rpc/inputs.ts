import { z } from 'zod';
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
