import type { ReactElement } from 'react';

/** What react-admin asks a resource for, and the authority each needs (`ORG:MEMBER:VIEW`…). */
export interface ResourceAuthorities {
  /** Lists and shows (menu entry, list, show). */
  read?: string;
  create?: string;
  edit?: string;
  delete?: string;
  /** Custom actions by name (`approve`, `export`…), checked with `useCanAccess({ resource, action })`. */
  [action: string]: string | undefined;
}

/**
 * How one resource of react-admin maps onto the platform's API (the data provider reads it).
 * Paths are the OpenAPI document's templates; `{organizationId}` (or `{orgId}`, `{id}` where the
 * document names it so) is filled from the signed-in session's organisation, `{<idParam>}` with the
 * record's id, and any other `{name}` from the call's `meta`, its filter or the record (e.g.
 * `{eventId}` of an event's registrations: `filter: { eventId }` or `meta: { eventId }`).
 */
export interface ResourceRoutes {
  /** GET list path (answers the paged envelope `content`/`totalElements`, or a plain array). */
  list?: string;
  /** GET one path, with `{<idParam>}` for the record id. Without it, getOne finds the record in the (unpaged) list. */
  one?: string;
  create?: string;
  /** The field of the create answer that holds the record, when the answer wraps it (`organization`). */
  createResult?: string;
  update?: string;
  /** HTTP method of `update` (default PUT). */
  updateMethod?: 'PUT' | 'PATCH';
  delete?: string;
  /** The path parameter naming the record (`userId`, `eventId`…). */
  idParam?: string;
  /** Whether the list takes `page`/`size`/`sort` (0-based pages) and filters, or returns everything at once (`false`: no query, filtered, sorted and paged in the browser). */
  paged?: boolean;
  /** The record's field that is its id when it is not `id` (`roleId`, `organizationId`…). */
  idField?: string;
  /** Filter names renamed for the API (react-admin's full-text `q` is `search` by default). */
  filterNames?: Record<string, string>;
  /** Authorities by action: what a role may not do is not offered (buttons and menu entries hidden). */
  authorities?: ResourceAuthorities;
}

/** What an area of the console contributes (members, events, news…). */
export interface AdminArea {
  name: string;
  /** Who sees the area: people of an organisation (default) or platform administrators (SYSTEM users). */
  audience?: 'organisation' | 'platform';
  /** Data-provider routes by react-admin resource name. */
  resources: Record<string, ResourceRoutes>;
  /** `<Resource>` elements (list/edit/create/show screens) of the area. */
  elements: ReactElement[];
  /** Pages outside a resource (`<Route>` elements under `<CustomRoutes>`), e.g. a wizard. */
  routes?: ReactElement[];
  /**
   * Menu entries beyond the resources' own (which react-admin lists by itself, hidden when
   * `canAccess` says no), e.g. `<MenuItemLink to="/admin/settings" …/>` for a custom route.
   */
  menu?: ReactElement[];
  /** A resource's menu entry drawn by the area instead of the default one (e.g. with a count badge). */
  menuItems?: Record<string, ReactElement>;
}
