import type { RouteObject } from 'react-router';

/** The public page of an organisation: branding, legal pages, public events, the join-request form. */
export const orgPageRoutes: RouteObject[] = [];
