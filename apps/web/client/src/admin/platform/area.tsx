import type { AdminArea } from '../core/admin-area';

/** The console's platform screens. */
export const platformArea: AdminArea = { name: 'platform', resources: {}, elements: [] };
