import { LegacyError } from './errors';

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 200;

export interface Paging {
  page: number;
  perPage: number;
  offset: number;
}

/** The sync page envelope (spec section 2, legacy-site records). */
export interface SyncPage<T> {
  data: T[];
  total: number;
  page: number;
  per_page: number;
  total_pages: number;
}

function readInt(raw: unknown, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || !/^\d+$/.test(text.trim())) {
    throw LegacyError.invalidParam(name, `${name} is not of type integer.`);
  }
  const value = Number(text.trim());
  if (value < min || value > max) {
    throw LegacyError.invalidParam(name, `${name} must be between ${min} (inclusive) and ${max} (inclusive)`);
  }
  return value;
}

/** `page` (1-based, default 1) and `per_page` (default 50, at most 200), as the CMS validates them. */
export function parsePaging(page: unknown, perPage: unknown, maxPerPage = MAX_PER_PAGE): Paging {
  const p = readInt(page, 'page', 1, 1, 1_000_000);
  const pp = readInt(perPage, 'per_page', Math.min(DEFAULT_PER_PAGE, maxPerPage), 1, maxPerPage);
  return { page: p, perPage: pp, offset: (p - 1) * pp };
}

export function syncPage<T>(data: T[], total: number, paging: Paging): SyncPage<T> {
  return { data, total, page: paging.page, per_page: paging.perPage, total_pages: Math.ceil(total / paging.perPage) };
}
