import type { RouteObject } from 'react-router';

/** The public page of an organisation: branding, legal pages, public events, the join-request form. */
export const orgPageRoutes: RouteObject[] = [{ path: '/o/:slug', lazy: async () => ({ Component: (await import('./org-page')).OrgPage }) }];
