import { lazy } from 'react';
import { Resource } from 'react-admin';
import SettingsIcon from '@mui/icons-material/Settings';
import type { AdminArea } from '../core/admin-area';

const SettingsPage = lazy(() => import('./settings-screens').then((m) => ({ default: m.SettingsPage })));

/** The console's organisation settings: profile, branding, legal pages, directory (one page, tabs). */
export const settingsArea: AdminArea = {
  name: 'settings',
  resources: {
    'organisation-settings': { list: '/api/orgs/{orgId}/branding', paged: false, authorities: { read: 'ORG:SETTINGS:MANAGE' } },
  },
  elements: [<Resource key="organisation-settings" name="organisation-settings" list={SettingsPage} icon={SettingsIcon} />],
};
