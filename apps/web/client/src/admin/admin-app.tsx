import { useTranslation } from 'react-i18next';
import { cloneElement, useMemo } from 'react';
import { Admin, CustomRoutes } from 'react-admin';
import { useSession } from '../session/use-session';
import { ADMIN_AREAS } from './areas';
import { authProvider } from './core/auth-provider';
import { Dashboard } from './core/dashboard';
import { dataProvider } from './core/data-provider';
import { i18nProvider } from './core/i18n-provider';
import { adminLayout } from './core/layout';
import { adminTheme } from './core/theme';
import { PlatformDashboard } from './platform/platform-dashboard';

/**
 * The console under /admin (react-admin, loaded only here): an organisation's people see their
 * organisation's areas, platform administrators (SYSTEM users) the platform's. Each area brings its
 * resources, pages and menu entries (areas.ts); what a role may not do is hidden by `canAccess`.
 */
export function AdminApp() {
  const session = useSession();
  const audience = session?.claims.userType === 'SYSTEM' ? 'platform' : 'organisation';
  const areas = useMemo(() => ADMIN_AREAS.filter((area) => (area.audience ?? 'organisation') === audience), [audience]);
  const layout = useMemo(() => adminLayout(areas), [areas]);
  const { t } = useTranslation('common');
  const theme = useMemo(() => adminTheme(t('loading')), [t]);
  const routes = areas.flatMap((area) => (area.routes ?? []).map((route, index) => cloneElement(route, { key: route.key ?? `${area.name}-route-${index}` })));
  return (
    <Admin
      basename="/admin"
      title="Administration"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={layout}
      dashboard={audience === 'platform' ? PlatformDashboard : Dashboard}
      requireAuth
      disableTelemetry
      theme={theme}
      darkTheme={null}
    >
      {areas.flatMap((area) => area.elements.map((element, index) => cloneElement(element, { key: element.key ?? `${area.name}-${index}` })))}
      {routes.length > 0 ? <CustomRoutes>{routes}</CustomRoutes> : null}
    </Admin>
  );
}
