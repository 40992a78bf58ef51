import type { RouteObject } from 'react-router';

/**
 * The member app: mobile-first pages for a signed-in member inside the member shell (branding,
 * navigation, inbox count), each page loaded on first visit.
 */
export const memberRoutes: RouteObject[] = [
  // The event emails' link: the event in the member app, after signing in at its organisation.
  { path: '/orgs/:organizationId/events/:eventId', lazy: async () => ({ Component: (await import('./event-link-page')).EventLinkPage }) },
  {
    path: '/',
    lazy: async () => ({ Component: (await import('./member-shell')).MemberShell }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./home-page')).HomePage }) },
      { path: 'news', lazy: async () => ({ Component: (await import('./news-page')).NewsPage }) },
      { path: 'news/:articleId', lazy: async () => ({ Component: (await import('./article-page')).ArticlePage }) },
      { path: 'events', lazy: async () => ({ Component: (await import('./events-page')).EventsPage }) },
      { path: 'events/:eventId', lazy: async () => ({ Component: (await import('./event-page')).EventPage }) },
      { path: 'documents', lazy: async () => ({ Component: (await import('./documents-page')).DocumentsPage }) },
      { path: 'directory', lazy: async () => ({ Component: (await import('./directory-page')).DirectoryPage }) },
      { path: 'inbox', lazy: async () => ({ Component: (await import('./inbox-page')).InboxPage }) },
      { path: 'profile', lazy: async () => ({ Component: (await import('./profile-page')).ProfilePage }) },
    ],
  },
];
