import type { AuthProvider, UserIdentity } from 'ra-core';
import { api, sessionStore } from '../../api/platform';
import { adminRoutes } from './data-provider';
import { endSession } from './organisation';
import { canAccess, permissionsOf } from './permissions';

/** Where a signed-out person signs in, coming back to the console page they asked for. */
export function signInUrl(location: Pick<Location, 'pathname' | 'search'> = window.location): string {
  const next = location.pathname.startsWith('/admin') ? location.pathname + location.search : '/admin';
  const system = location.search.includes('as=system') ? '&as=system' : '';
  return `/login?next=${encodeURIComponent(next)}${system}`;
}

/**
 * react-admin's auth provider on the session of api/platform.ts: signing in happens on the app's
 * own page (/login?next=/admin…), a 401 has already been refreshed once by the session's fetch (so
 * one reaching here means signed out), a 403 stays on the page with its message, permissions are the
 * role's authorities (libs/auth's table) so that what a role may not do is not offered.
 */
export const authProvider: AuthProvider = {
  // The console has no sign-in form of its own: /login is the app's.
  login: () => Promise.reject(new Error('sign in at /login')),
  logout: async () => {
    await endSession();
    return `${window.location.origin}/login?next=/admin`;
  },
  checkAuth: () => {
    if (!sessionStore.session) return Promise.reject({ redirectTo: `${window.location.origin}${signInUrl()}`, message: false });
    return Promise.resolve();
  },
  checkError: (error: { status?: number }) => {
    if (error?.status === 401 && !sessionStore.session) return Promise.reject({ redirectTo: `${window.location.origin}${signInUrl()}`, message: false });
    // 403 and the rest: the page shows the message, the person stays signed in.
    return Promise.resolve();
  },
  getIdentity: async (): Promise<UserIdentity> => {
    const claims = sessionStore.session?.claims;
    if (!claims) throw new Error('signed out');
    const { data } = await api.GET('/api/auth/me');
    const name = data?.displayName || [data?.firstName, data?.lastName].filter(Boolean).join(' ') || data?.email || claims.email || claims.sub;
    return {
      id: claims.sub,
      fullName: name,
      email: data?.email ?? claims.email,
      userType: claims.userType,
      role: claims.organizationRole ?? claims.systemRole,
    };
  },
  getPermissions: () => Promise.resolve(permissionsOf(sessionStore.session?.claims)),
  canAccess: ({ resource, action }) => Promise.resolve(canAccess(permissionsOf(sessionStore.session?.claims), adminRoutes(), resource, action)),
};
