/** The member app's pages, in the order of the navigation. */
export type MemberPage = 'home' | 'news' | 'events' | 'documents' | 'directory' | 'inbox' | 'profile';

export const MEMBER_PAGES: ReadonlyArray<{ page: MemberPage; path: string }> = [
  { page: 'home', path: '/' },
  { page: 'news', path: '/news' },
  { page: 'events', path: '/events' },
  { page: 'documents', path: '/documents' },
  { page: 'directory', path: '/directory' },
  { page: 'inbox', path: '/inbox' },
  { page: 'profile', path: '/profile' },
];

/** Roles holding documents and the directory (libs/auth: GUEST has neither, nor event registration). */
const FULL_MEMBERS = new Set(['OWNER', 'ADMIN', 'MANAGER', 'MEMBER']);
/** Roles the console has something for (issue 24): they see the "Administration" link. */
const CONSOLE_ROLES = new Set(['OWNER', 'ADMIN', 'MANAGER']);
/** Roles holding ORG:MEMBER:UPDATE: the only ones the API lets change a profile, their own included. */
const PROFILE_EDITORS = new Set(['OWNER', 'ADMIN']);

/** The pages a role can use: a GUEST reads news and events only, so the others are not offered. */
export function pagesFor(role: string | undefined): typeof MEMBER_PAGES {
  if (FULL_MEMBERS.has(role ?? '')) return MEMBER_PAGES;
  return MEMBER_PAGES.filter((p) => p.page !== 'documents' && p.page !== 'directory');
}

export const canAdminister = (role: string | undefined): boolean => CONSOLE_ROLES.has(role ?? '');
export const canRegisterForEvents = (role: string | undefined): boolean => FULL_MEMBERS.has(role ?? '');
export const canEditProfile = (role: string | undefined): boolean => PROFILE_EDITORS.has(role ?? '');
