import type { ReactElement } from 'react';

/**
 * How one resource of react-admin maps onto the platform's API (the data provider reads it).
 * Paths are the OpenAPI document's templates; `{organizationId}` (or `{orgId}`, `{id}` where the
 * document names it so) is filled from the signed-in session's organisation.
 */
export interface ResourceRoutes {
  /** GET list path (answers the paged envelope `content`/`totalElements`, or a plain array). */
  list?: string;
  /** GET one path, with `{<idParam>}` for the record id. */
  one?: string;
  create?: string;
  update?: string;
  /** HTTP method of `update` (default PUT). */
  updateMethod?: 'PUT' | 'PATCH';
  delete?: string;
  /** The path parameter naming the record (`userId`, `eventId`…). */
  idParam?: string;
  /** Whether the list takes `page`/`size`/`sort` (0-based pages) or returns everything at once. */
  paged?: boolean;
}

/** What an area of the console contributes (members, events, news…). */
export interface AdminArea {
  name: string;
  /** Data-provider routes by react-admin resource name. */
  resources: Record<string, ResourceRoutes>;
  /** `<Resource>` elements (list/edit/create/show screens) of the area. */
  elements: ReactElement[];
  /** Pages outside a resource (`<Route>` elements under `<CustomRoutes>`), e.g. a wizard. */
  routes?: ReactElement[];
}
