import type { RouteObject } from 'react-router';

/** The member app: mobile-first pages for a signed-in member. */
export const memberRoutes: RouteObject[] = [{ path: '/', lazy: async () => ({ Component: (await import('./home-page')).HomePage }) }];
