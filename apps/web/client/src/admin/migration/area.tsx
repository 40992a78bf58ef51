import type { AdminArea } from '../core/admin-area';

/** The console's migration screens. */
export const migrationArea: AdminArea = { name: 'migration', resources: {}, elements: [] };
