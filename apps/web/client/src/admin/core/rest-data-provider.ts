import { HttpError, type DataProvider, type GetListParams, type Identifier, type RaRecord } from 'ra-core';
import { problemMessage, type ProblemMessage } from '../../api/problem-message';
import type { ResourceRoutes } from './admin-area';

/** What openapi-fetch answers for any call. */
export interface CallResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * The typed client (`api` of api/platform.ts) seen through openapi-fetch's generic `request`, which
 * takes any path of the document as a string: the resource map decides the path at run time.
 */
export interface RequestClient {
  request(
    method: 'get' | 'post' | 'put' | 'patch' | 'delete',
    path: string,
    init?: { params?: { query?: Record<string, unknown> }; body?: unknown },
  ): Promise<CallResult>;
}

export interface RestDataProviderOptions {
  client: RequestClient;
  /** The resource map (read at each call, so areas may be registered in any order). */
  routes: () => Record<string, ResourceRoutes>;
  /** The signed-in person's organisation, for `{organizationId}` in paths. */
  organisationId: () => string | undefined;
  /** The words of a failed call (default: the platform's own words, with the request id). */
  describe?: (problem: ProblemMessage) => string;
}

/** What a failed call carries to react-admin's forms and notifications. */
export interface ProblemBody {
  /**
   * Field errors by field name: react-admin's forms show them beside the fields, and the problem's
   * words with the request id (`root.serverError`) in the notification.
   */
  errors?: Record<string, string | { serverError: string }>;
  requestId?: string;
  code?: string;
  status: number;
  retryAfter?: number;
}

type Row = Record<string, unknown>;
const ORGANISATION_PARAMS = ['organizationId', 'orgId', 'id'];
/** Page size asked when one record is looked up in a list the API has no "get one" route for. */
const LOOKUP_SIZE = 1000;
/** The largest page the API answers (libs/platform/db paging): larger asks (an export) are read in several pages. */
export const MAX_PAGE_SIZE = 100;

export const defaultDescribe = (problem: ProblemMessage): string => (problem.requestId ? `${problem.message} (request ${problem.requestId})` : problem.message);

/** A failed answer as react-admin's HttpError: the words (with the request id), field errors by field. */
export function toHttpError(error: unknown, response: Response | undefined, describe: (problem: ProblemMessage) => string = defaultDescribe): HttpError {
  const problem = problemMessage(error, response);
  const body: ProblemBody = { status: problem.status, requestId: problem.requestId, code: problem.code, retryAfter: problem.retryAfter };
  const message = describe(problem);
  if (Object.keys(problem.fields).length > 0) body.errors = { ...problem.fields, root: { serverError: message } };
  return new HttpError(message, problem.status, body);
}

/** Fills `{name}` placeholders: the record id, the organisation, then `values` (meta, filter, record). */
export function fillPath(
  template: string,
  routes: ResourceRoutes,
  organisationId: string | undefined,
  id?: Identifier,
  values: Row = {},
): { path: string; used: Set<string> } {
  const used = new Set<string>();
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    let value: unknown;
    if (id !== undefined && name === (routes.idParam ?? 'id')) value = id;
    else if (ORGANISATION_PARAMS.includes(name) && organisationId) value = organisationId;
    else if (values[name] !== undefined && values[name] !== null && values[name] !== '') {
      value = values[name];
      used.add(name);
    }
    if (value === undefined) throw new Error(`the path ${template} needs {${name}}`);
    return encodeURIComponent(String(value));
  });
  return { path, used };
}

/** react-admin's list parameters as the platform's query: 0-based `page`, `size`, `sort=field,dir`, filters. */
export function toQuery(
  params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>,
  routes: ResourceRoutes,
  skip: Set<string> = new Set(),
): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params.filter ?? {})) {
    if (skip.has(name) || value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    const apiName = routes.filterNames?.[name] ?? (name === 'q' ? 'search' : name);
    query[apiName] = value;
  }
  if (routes.paged !== false && params.pagination) {
    query['page'] = Math.max(0, params.pagination.page - 1);
    query['size'] = params.pagination.perPage;
  }
  if (routes.paged !== false && params.sort?.field && params.sort.field !== 'id') {
    query['sort'] = `${params.sort.field},${params.sort.order === 'DESC' ? 'desc' : 'asc'}`;
  }
  return query;
}

/** The record with react-admin's `id` (the API's own id field when the resource names one). */
export function withId(row: unknown, routes: ResourceRoutes): RaRecord {
  const record = (row ?? {}) as Row;
  if (routes.idField && record[routes.idField] !== undefined) return { ...record, id: record[routes.idField] as Identifier };
  return record as RaRecord;
}

/** The rows and total of a list answer: the `Page` envelope (`content`, `totalElements`) or a plain array. */
export function fromEnvelope(answer: unknown): { rows: unknown[]; total: number; paged: boolean } {
  if (Array.isArray(answer)) return { rows: answer, total: answer.length, paged: false };
  const page = (answer ?? {}) as { content?: unknown[]; totalElements?: number };
  const rows = page.content ?? [];
  return { rows, total: page.totalElements ?? rows.length, paged: true };
}

/** Filter, sort and slice in the browser, for lists the API answers whole (membership types…). */
export function pageLocally(
  rows: RaRecord[],
  params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>,
  skip: Set<string> = new Set(),
): { data: RaRecord[]; total: number } {
  let out = rows;
  for (const [name, value] of Object.entries(params.filter ?? {})) {
    if (skip.has(name) || value === undefined || value === null || value === '') continue;
    if (name === 'q') {
      const needle = String(value).toLowerCase();
      out = out.filter((row) => Object.values(row).some((v) => typeof v === 'string' && v.toLowerCase().includes(needle)));
    } else if (Array.isArray(value)) {
      out = out.filter((row) => value.map(String).includes(String(row[name])));
    } else {
      out = out.filter((row) => String(row[name]) === String(value));
    }
  }
  const field = params.sort?.field;
  if (field) {
    const sign = params.sort?.order === 'DESC' ? -1 : 1;
    out = [...out].sort((a, b) => sign * compare(a[field], b[field]));
  }
  const total = out.length;
  if (params.pagination) {
    const { page, perPage } = params.pagination;
    out = out.slice((page - 1) * perPage, page * perPage);
  }
  return { data: out, total };
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/** The fields of `data` that differ from `previous` (an update sends only what changed). */
export function changedFields(data: Row, previous: Row | undefined): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'id') continue;
    if (!previous || JSON.stringify(value) !== JSON.stringify(previous[key])) out[key] = value;
  }
  return out;
}

/**
 * react-admin's data provider over the platform's REST API, written once: each resource's paths come
 * from the areas' resource map, each call goes through the typed client with the session, each
 * failure becomes an HttpError carrying the platform's words, the request id and field errors.
 */
export function createRestDataProvider(options: RestDataProviderOptions): DataProvider {
  const describe = options.describe ?? defaultDescribe;

  const routesOf = (resource: string): ResourceRoutes => {
    const routes = options.routes()[resource];
    if (!routes) throw new Error(`no routes for the resource ${resource}`);
    return routes;
  };

  const call = async (
    method: 'get' | 'post' | 'put' | 'patch' | 'delete',
    path: string,
    init: { query?: Record<string, unknown>; body?: unknown } = {},
  ): Promise<unknown> => {
    let result: CallResult;
    try {
      result = await options.client.request(method, path, {
        ...(init.query ? { params: { query: init.query } } : {}),
        ...(init.body !== undefined ? { body: init.body } : {}),
      });
    } catch {
      // The network failed (offline, the gateway down): status 0.
      throw toHttpError(undefined, undefined, describe);
    }
    if (!result.response.ok) throw toHttpError(result.error, result.response, describe);
    return result.data;
  };

  const routePath = (resource: string, kind: 'list' | 'one' | 'create' | 'update' | 'delete', id?: Identifier, values: Row = {}) => {
    const routes = routesOf(resource);
    const template = routes[kind];
    if (!template) throw new Error(`the resource ${resource} has no ${kind} route`);
    return { routes, ...fillPath(template, routes, options.organisationId(), id, values) };
  };

  const getList = async (resource: string, params: Pick<GetListParams, 'pagination' | 'sort' | 'filter' | 'meta'>) => {
    const { routes, path, used } = routePath(resource, 'list', undefined, { ...params.filter, ...params.meta });
    // A list answered whole takes no query: it is filtered, sorted and paged here.
    if (routes.paged === false) {
      const { rows } = fromEnvelope(await call('get', path));
      return pageLocally(
        rows.map((row) => withId(row, routes)),
        params,
        used,
      );
    }
    const pagination = params.pagination ?? { page: 1, perPage: MAX_PAGE_SIZE };
    if (pagination.perPage <= MAX_PAGE_SIZE) {
      const { rows, total, paged } = fromEnvelope(await call('get', path, { query: toQuery(params, routes, used) }));
      const records = rows.map((row) => withId(row, routes));
      return paged ? { data: records, total } : pageLocally(records, params, used);
    }
    // More than one page of the API (react-admin's export asks for 1000): read its pages in turn.
    const first = (pagination.page - 1) * pagination.perPage;
    const firstPage = Math.floor(first / MAX_PAGE_SIZE);
    const rows: unknown[] = [];
    let total = 0;
    for (let page = firstPage; page * MAX_PAGE_SIZE < first + pagination.perPage; page++) {
      const answer = fromEnvelope(
        await call('get', path, { query: toQuery({ ...params, pagination: { page: page + 1, perPage: MAX_PAGE_SIZE } }, routes, used) }),
      );
      rows.push(...answer.rows);
      total = answer.total;
      if ((page + 1) * MAX_PAGE_SIZE >= total || answer.rows.length < MAX_PAGE_SIZE) break;
    }
    const offset = first - firstPage * MAX_PAGE_SIZE;
    return { data: rows.slice(offset, offset + pagination.perPage).map((row) => withId(row, routes)), total };
  };

  const getOne = async (resource: string, params: { id: Identifier; meta?: Row }): Promise<{ data: RaRecord }> => {
    const routes = routesOf(resource);
    if (routes.one) {
      const { path } = routePath(resource, 'one', params.id, params.meta);
      return { data: { ...withId(await call('get', path), routes), id: params.id } };
    }
    const { data } = await getList(resource, {
      filter: {},
      meta: params.meta,
      pagination: { page: 1, perPage: LOOKUP_SIZE },
      sort: { field: 'id', order: 'ASC' },
    });
    const found = data.find((record) => String(record.id) === String(params.id));
    if (!found) throw new HttpError(describe({ message: 'This was not found. It may have been removed.', fields: {}, status: 404 }), 404, { status: 404 });
    return { data: found };
  };

  return {
    getList: (resource, params) => getList(resource, params) as never,
    getOne: (resource, params) => getOne(resource, params) as never,
    getMany: async (resource, params) => {
      const routes = routesOf(resource);
      if (!routes.one) {
        const { data } = await getList(resource, {
          filter: {},
          meta: params.meta,
          pagination: { page: 1, perPage: LOOKUP_SIZE },
          sort: { field: 'id', order: 'ASC' },
        });
        const wanted = new Set(params.ids.map(String));
        return { data: data.filter((record) => wanted.has(String(record.id))) } as never;
      }
      const data = await Promise.all(params.ids.map(async (id) => (await getOne(resource, { id, meta: params.meta })).data));
      return { data } as never;
    },
    getManyReference: (resource, params) => getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }) as never,
    create: async (resource, params) => {
      const { routes, path } = routePath(resource, 'create', undefined, { ...params.meta, ...(params.data as Row) });
      const answer = (await call('post', path, { body: params.data })) as Row | undefined;
      const record = routes.createResult ? (answer?.[routes.createResult] as Row | undefined) : answer;
      return { data: withId({ ...(params.data as Row), ...record }, routes) } as never;
    },
    update: async (resource, params) => {
      const { routes, path } = routePath(resource, 'update', params.id, { ...(params.previousData as Row), ...params.meta });
      const answer = await call(routes.updateMethod === 'PATCH' ? 'patch' : 'put', path, {
        body: changedFields(params.data as Row, params.previousData as Row),
      });
      return { data: { ...withId({ ...(params.previousData as Row), ...(params.data as Row), ...((answer ?? {}) as Row) }, routes), id: params.id } } as never;
    },
    updateMany: async (resource, params) => {
      const routes = routesOf(resource);
      await Promise.all(
        params.ids.map((id) =>
          call(routes.updateMethod === 'PATCH' ? 'patch' : 'put', routePath(resource, 'update', id, params.meta).path, { body: params.data }),
        ),
      );
      return { data: params.ids };
    },
    delete: async (resource, params) => {
      const { path } = routePath(resource, 'delete', params.id, { ...(params.previousData as Row), ...params.meta });
      await call('delete', path);
      return { data: (params.previousData ?? { id: params.id }) as never };
    },
    deleteMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => call('delete', routePath(resource, 'delete', id, params.meta).path)));
      return { data: params.ids };
    },
  };
}
