import type { RequestHandler, Router } from 'express';
import { LegacyError } from '../../domain/errors';
import { parsePaging, type Paging } from '../../domain/paging';
import { stringParam } from '../services';

const APP_MAX_PER_PAGE = 100;
const APP_DEFAULT_PER_PAGE = 20;

/** An app endpoint: it answers GET and POST alike (parameters from the query or the JSON body). */
export function appRoute(router: Router, path: string, guard: RequestHandler, handler: RequestHandler): void {
  router.get(path, guard, handler);
  router.post(path, guard, handler);
}

export function appPaging(params: Record<string, unknown>): Paging {
  const paging = parsePaging(params['page'], params['per_page'] ?? String(APP_DEFAULT_PER_PAGE), APP_MAX_PER_PAGE);
  return paging;
}

export function idParam(params: Record<string, unknown>): number | undefined {
  const raw = stringParam(params, 'id');
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,15}$/.test(raw)) throw LegacyError.invalidParam('id', 'id is not of type integer.');
  return Number(raw);
}

export function boolParam(params: Record<string, unknown>, name: string): boolean | undefined {
  const raw = params[name];
  if (raw === undefined || raw === '') return undefined;
  if (raw === true || raw === 'true' || raw === '1' || raw === 1) return true;
  if (raw === false || raw === 'false' || raw === '0' || raw === 0) return false;
  throw LegacyError.invalidParam(name, `${name} is not of type boolean.`);
}
