import { z } from 'zod';
import { META_FIELDS, POST_STATUSES } from './content-types';
import { LegacyError, LegacyErrorCode } from './errors';

/** A validated partial update: columns of the row, and meta to set (string) or delete (null). */
export interface PartialUpdate {
  fields: Record<string, string>;
  meta: Record<string, string | null>;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const text = z.string().max(10_000);
const nullableText = text.nullable();
const flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', ''])]).nullable();
const date = z.union([z.string().regex(DATE_RE, 'must be YYYY-MM-DD'), z.literal('')]).nullable();
const email = z.string().trim().email().max(100);

const memberSchema = z
  .strictObject({
    id: z.union([z.number(), z.string()]).optional(),
    email: email.optional(),
    user_email: email.optional(),
    display_name: text.min(1).max(250).optional(),
    first_name: nullableText.optional(),
    last_name: nullableText.optional(),
    mobile_number: nullableText.optional(),
    job_title: nullableText.optional(),
    company_organization: nullableText.optional(),
    birthday: date.optional(),
    street_address: nullableText.optional(),
    city: nullableText.optional(),
    state: nullableText.optional(),
    zip: nullableText.optional(),
    is_certified: flag.optional(),
    renewal_date: date.optional(),
    is_exclude_listing: flag.optional(),
  })
  .refine((v) => v.email === undefined || v.user_email === undefined || v.email.toLowerCase() === v.user_email.toLowerCase(), {
    message: 'email and user_email differ',
    path: ['email'],
  });

/** Every field `PUT /sync/members/{id}` takes; any other is refused as not a field of this record. */
export const MEMBER_UPDATE_FIELDS = Object.keys(memberSchema.shape) as (keyof typeof memberSchema.shape)[];

/** Member fields a member may change on their own profile (`/user`). */
export const SELF_EDITABLE_MEMBER_FIELDS = [
  'display_name',
  'first_name',
  'last_name',
  'mobile_number',
  'job_title',
  'company_organization',
  'birthday',
  'street_address',
  'city',
  'state',
  'zip',
  'is_exclude_listing',
] as const;

function flagText(value: boolean | number | string | null): string | null {
  if (value === null) return null;
  return value === true || value === 1 || value === '1' || value === 'true' ? '1' : '0';
}

function fail(error: z.ZodError): LegacyError {
  const params: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) params[key] = `${key} is not a field of this record.`;
    } else {
      params[issue.path.join('.') || 'body'] = issue.message;
    }
  }
  return new LegacyError(LegacyErrorCode.INVALID_PARAM, `Invalid parameter(s): ${Object.keys(params).join(', ')}`, params);
}

function requireObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw LegacyError.invalidParam('body', 'The body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

/** Validates the body of `PUT /sync/members/{id}`. */
export function parseMemberUpdate(body: unknown, id: number): PartialUpdate {
  const parsed = memberSchema.safeParse(requireObject(body));
  if (!parsed.success) throw fail(parsed.error);
  const v = parsed.data;
  if (v.id !== undefined && Number(v.id) !== id) throw LegacyError.invalidParam('id', 'id does not match the URL.');
  const fields: Record<string, string> = {};
  const meta: Record<string, string | null> = {};
  const newEmail = v.user_email ?? v.email;
  if (newEmail !== undefined) fields['user_email'] = newEmail;
  if (v.display_name !== undefined) fields['display_name'] = v.display_name;
  for (const key of [
    'first_name',
    'last_name',
    'mobile_number',
    'job_title',
    'company_organization',
    'street_address',
    'city',
    'state',
    'zip',
    'birthday',
    'renewal_date',
  ] as const) {
    const value = v[key];
    if (value !== undefined) meta[key] = value === '' ? null : value;
  }
  if (v.is_certified !== undefined) meta['is_certified'] = flagText(v.is_certified);
  if (v.is_exclude_listing !== undefined) meta['is_exclude_listing'] = flagText(v.is_exclude_listing);
  if (Object.keys(fields).length === 0 && Object.keys(meta).length === 0) {
    throw LegacyError.invalidParam('body', 'The update names no member field.');
  }
  return { fields, meta };
}

const eventMetaShape: Record<string, z.ZodType> = {};
for (const [key, kind] of Object.entries(META_FIELDS.event)) {
  eventMetaShape[key] = (
    kind === 'int'
      ? z.union([z.number().int(), z.string().regex(/^-?\d+$/, 'must be an integer')]).nullable()
      : kind === 'bool'
        ? flag
        : z.union([text, z.number()]).nullable()
  ).optional();
}

const eventSchema = z.strictObject({
  id: z.union([z.number(), z.string()]).optional(),
  post_title: text.min(1).optional(),
  post_content: z.string().max(5_000_000).optional(),
  post_excerpt: text.optional(),
  post_name: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a slug')
    .max(200)
    .optional(),
  post_status: z.enum(POST_STATUSES).optional(),
  ...eventMetaShape,
});

/** Validates the body of `PUT /sync/events/{id}`. */
export function parseEventUpdate(body: unknown, id: number): PartialUpdate {
  const parsed = eventSchema.safeParse(requireObject(body));
  if (!parsed.success) throw fail(parsed.error);
  const v = parsed.data as Record<string, unknown>;
  if (v['id'] !== undefined && Number(v['id']) !== id) throw LegacyError.invalidParam('id', 'id does not match the URL.');
  const fields: Record<string, string> = {};
  const meta: Record<string, string | null> = {};
  for (const key of ['post_title', 'post_content', 'post_excerpt', 'post_name', 'post_status']) {
    if (typeof v[key] === 'string') fields[key] = v[key];
  }
  for (const [key, kind] of Object.entries(META_FIELDS.event)) {
    const value = v[key];
    if (value === undefined) continue;
    if (kind === 'bool') meta[key] = flagText(value as boolean | number | string | null);
    else meta[key] = value === null ? null : String(value);
  }
  if (Object.keys(fields).length === 0 && Object.keys(meta).length === 0) {
    throw LegacyError.invalidParam('body', 'The update names no event field.');
  }
  return { fields, meta };
}
