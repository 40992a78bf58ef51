import type { RouteObject } from 'react-router';

/**
 * The account pages every email links to (docs/notifications.md) and the signed-in person's own
 * account under /account, each loaded on first visit.
 */
export const accountRoutes: RouteObject[] = [
  { path: '/login', lazy: async () => ({ Component: (await import('./login-page')).LoginPage }) },
  { path: '/register', lazy: async () => ({ Component: (await import('./register-page')).RegisterPage }) },
  { path: '/verify-email', lazy: async () => ({ Component: (await import('./verify-email-page')).VerifyEmailPage }) },
  { path: '/reset-password', lazy: async () => ({ Component: (await import('./reset-password-page')).ResetPasswordPage }) },
  { path: '/invitations/accept', lazy: async () => ({ Component: (await import('./accept-invitation-page')).AcceptInvitationPage }) },
  { path: '/create-organisation', lazy: async () => ({ Component: (await import('./create-organisation-page')).CreateOrganisationPage }) },
  { path: '/account/deactivated', lazy: async () => ({ Component: (await import('./deactivate-page')).DeactivatedPage }) },
  {
    path: '/account',
    lazy: async () => ({ Component: (await import('./account-layout')).AccountLayout }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./account-overview-page')).AccountOverviewPage }) },
      { path: 'two-factor', lazy: async () => ({ Component: (await import('./two-factor-page')).TwoFactorPage }) },
      { path: 'password', lazy: async () => ({ Component: (await import('./password-page')).PasswordPage }) },
      { path: 'sessions', lazy: async () => ({ Component: (await import('./sessions-page')).SessionsPage }) },
      { path: 'deactivate', lazy: async () => ({ Component: (await import('./deactivate-page')).DeactivatePage }) },
    ],
  },
];
