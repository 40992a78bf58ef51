import type { RouteObject } from 'react-router';

/** The account pages every email links to (docs/notifications.md), each loaded on first visit. */
export const accountRoutes: RouteObject[] = [{ path: '/login', lazy: async () => ({ Component: (await import('./login-page')).LoginPage }) }];
