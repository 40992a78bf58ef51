import { PlatformError, type FieldViolation } from '@platform/errors';
import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export type SortDirection = 'asc' | 'desc';

export interface Sort<F extends string = string> {
  field: F;
  direction: SortDirection;
}

export interface PageRequest<F extends string = string> {
  /** 0-based page number. */
  page: number;
  size: number;
  /** Rows to skip and take: Prisma's `skip` and `take`. */
  skip: number;
  take: number;
  sort: Sort<F>;
}

export interface PageQueryOptions<F extends string> {
  sortable: readonly F[];
  defaultSort: Sort<F>;
}

export interface PagedEnvelope<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  page: number;
  size: number;
}

/** Absent, null and empty (`?page=`) read as "not given"; digit strings as numbers. */
const queryInteger = (preprocessed: z.ZodInt) =>
  z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)) return Number(value);
    return value;
  }, preprocessed.optional());

const pageField = queryInteger(z.int({ error: 'must be an integer' }).min(0, { error: 'must be 0 or greater' }));
const sizeField = queryInteger(
  z
    .int({ error: 'must be an integer' })
    .min(1, { error: `must be between 1 and ${MAX_PAGE_SIZE}` })
    .max(MAX_PAGE_SIZE, { error: `must be between 1 and ${MAX_PAGE_SIZE}` }),
);

/**
 * Reads `page`, `size` and `sort=field,direction` from a list request (query string or RPC fields).
 * Anything out of range or unknown is a validation error naming the field, never a silent default.
 */
export function parsePageQuery<F extends string>(input: { page?: unknown; size?: unknown; sort?: unknown }, options: PageQueryOptions<F>): PageRequest<F> {
  const violations: FieldViolation[] = [];
  const page = pageField.safeParse(input.page);
  if (!page.success) violations.push({ field: 'page', message: page.error.issues[0]?.message ?? 'is not valid' });
  const size = sizeField.safeParse(input.size);
  if (!size.success) violations.push({ field: 'size', message: size.error.issues[0]?.message ?? 'is not valid' });
  const sort = parseSort(input.sort, options);
  if (typeof sort === 'string') violations.push({ field: 'sort', message: sort });

  if (!page.success || !size.success || typeof sort === 'string') throw PlatformError.validation(violations);
  const pageNumber = page.data ?? 0;
  const pageSize = size.data ?? DEFAULT_PAGE_SIZE;
  return { page: pageNumber, size: pageSize, skip: pageNumber * pageSize, take: pageSize, sort };
}

/** The sort, or the message explaining why it is not valid. */
function parseSort<F extends string>(value: unknown, { sortable, defaultSort }: PageQueryOptions<F>): Sort<F> | string {
  if (value === undefined || value === null || value === '') return defaultSort;
  if (typeof value !== 'string') return 'must be "field,direction"';
  const [rawField = '', rawDirection, ...rest] = value.split(',').map((part) => part.trim());
  if (rest.length > 0) return 'must be "field,direction"';
  const field = sortable.find((candidate) => candidate === rawField);
  if (!field) return `unknown sort field "${rawField}"; sortable: ${sortable.join(', ')}`;
  const direction = (rawDirection ?? 'asc').toLowerCase();
  if (direction !== 'asc' && direction !== 'desc') return `unknown sort direction "${rawDirection}"; use asc or desc`;
  return { field, direction };
}

/** `{ [field]: direction }` for Prisma's `orderBy`. */
export function orderByOf<F extends string>(sort: Sort<F>): Record<F, SortDirection> {
  return { [sort.field]: sort.direction } as Record<F, SortDirection>;
}

/** The platform's list envelope `{ content, totalElements, totalPages, page, size }`. */
export function pagedEnvelope<T>(content: T[], totalElements: number, { page, size }: { page: number; size: number }): PagedEnvelope<T> {
  return { content, totalElements, totalPages: size > 0 ? Math.ceil(totalElements / size) : 0, page, size };
}
