import { lazy } from 'react';
import { Resource } from 'react-admin';
import SyncIcon from '@mui/icons-material/Sync';
import type { AdminArea } from '../core/admin-area';

const MigrationPage = lazy(() => import('./migration-page').then((m) => ({ default: m.MigrationPage })));

/** The console's migration from the legacy site: connector wizard, checks, sync progress, log, totals. */
export const migrationArea: AdminArea = {
  name: 'migration',
  resources: {
    migration: { list: '/api/orgs/{organizationId}/connectors', paged: true, authorities: { read: 'ORG:CONNECTOR:MANAGE' } },
  },
  elements: [<Resource key="migration" name="migration" list={MigrationPage} icon={SyncIcon} />],
};
