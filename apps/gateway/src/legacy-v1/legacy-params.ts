import type { Request } from 'express';
import { LegacyError } from './legacy-error';

/** The old app's parameters: the query and a JSON or form body alike, the body winning (as the site read them). */
export function legacyParams(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  const fromBody = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  return { ...(req.query as Record<string, unknown>), ...fromBody };
}

/** A text parameter (a number is taken as its text); anything else is a 400 naming it. */
export function stringParam(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw LegacyError.invalidParam(name, `${name} is not of type string.`);
}

export function trimmedParam(params: Record<string, unknown>, name: string): string | undefined {
  return stringParam(params, name)?.trim() || undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `id` of one item. The platform's ids are UUIDs; an id the old app kept from the old site (an
 * integer) names nothing here, so it is answered as the site answered an unknown id (404).
 */
export function idParam(params: Record<string, unknown>, notFound: LegacyError): string | undefined {
  const id = trimmedParam(params, 'id');
  if (id === undefined) return undefined;
  if (!UUID.test(id)) throw notFound;
  return id.toLowerCase();
}

export const isUuid = (value: string): boolean => UUID.test(value);

export interface LegacyPaging {
  /** 1-based, as the old app counts. */
  page: number;
  perPage: number;
}

const DEFAULT_PER_PAGE = 20;
const MAX_PER_PAGE = 100;

function intParam(params: Record<string, unknown>, name: string, fallback: number, max: number): number {
  const raw = params[name];
  if (raw === undefined || raw === null || raw === '') return fallback;
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || !/^\d+$/.test(text.trim())) throw LegacyError.invalidParam(name, `${name} is not of type integer.`);
  const value = Number(text.trim());
  if (value < 1 || value > max) throw LegacyError.invalidParam(name, `${name} must be between 1 (inclusive) and ${max} (inclusive)`);
  return value;
}

/** `page` (1-based, default 1) and `per_page` (default 20, at most 100), as the old app endpoints took them. */
export function legacyPaging(params: Record<string, unknown>): LegacyPaging {
  return { page: intParam(params, 'page', 1, 1_000_000), perPage: intParam(params, 'per_page', DEFAULT_PER_PAGE, MAX_PER_PAGE) };
}

/** The platform's 0-based page and size of a legacy page. */
export const platformPage = (paging: LegacyPaging): { page: number; size: number } => ({ page: paging.page - 1, size: paging.perPage });

/** The platform's paged envelope, as the reply of a list route gives it. */
export interface PlatformPage<T> {
  content?: T[];
  totalElements?: number;
  totalPages?: number;
}

/** The old app's list envelope `{data, total, page, per_page, total_pages}` of a platform page. */
export function legacyList<T, U>(reply: PlatformPage<T>, paging: LegacyPaging, map: (item: T) => U) {
  const total = reply.totalElements ?? 0;
  return {
    data: (reply.content ?? []).map(map),
    total,
    page: paging.page,
    per_page: paging.perPage,
    total_pages: Math.ceil(total / paging.perPage),
  };
}
