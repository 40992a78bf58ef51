import type { AdminArea } from '../core/admin-area';

/** The console's settings screens. */
export const settingsArea: AdminArea = { name: 'settings', resources: {}, elements: [] };
