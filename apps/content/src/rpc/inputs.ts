import { z } from 'zod';

/** Field rules of the content service's RPCs (the common ones are in @platform/errors). */
export const title = z.string().trim().min(1, 'is required').max(300, 'must be at most 300 characters');
export const articleContent = z
  .string()
  .max(1024 * 1024, 'must be at most 1 MiB')
  .refine((value) => value.trim() !== '', 'is required');
export const excerpt = z.string().max(1000, 'must be at most 1000 characters');
export const httpUrl = z
  .string()
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), 'must be an http or https URL');
export const tag = z.string().trim().min(1, 'must not be blank').max(50, 'must be at most 50 characters');
export const tags = z.array(tag).max(20, 'must have at most 20 tags');
export const slug = z
  .string()
  .trim()
  .max(200, 'must be at most 200 characters')
  .refine((value) => value === '' || /^[^\s/?#]+$/.test(value), 'must not contain spaces, /, ? or #');
export const shortText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
export const optionalEmail = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .refine((value) => value === '' || z.email().safeParse(value).success, 'must be a valid email address');
export const futureDate = (now: () => Date) =>
  z.date({ error: 'must be a timestamp' }).refine((value) => value.getTime() > now().getTime(), 'must be in the future');
