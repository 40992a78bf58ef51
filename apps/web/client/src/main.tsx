import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import './i18n/i18n';
import './ui/styles.css';
import { accountRoutes } from './account/routes';
import { memberRoutes } from './member/routes';
import { orgPageRoutes } from './org-page/routes';
import { NotFoundPage } from './ui/not-found-page';

/**
 * One origin, three areas, each loaded when first visited (docs/web.md): account pages, the public
 * organisation page and the member app (plain React), and the admin console under /admin
 * (react-admin, never downloaded by a member's phone).
 */
const router = createBrowserRouter([
  ...accountRoutes,
  ...orgPageRoutes,
  ...memberRoutes,
  { path: '/admin/*', lazy: async () => ({ Component: (await import('./admin/admin-app')).AdminApp }) },
  { path: '*', Component: NotFoundPage },
]);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
