import type { AdminArea } from '../core/admin-area';

/** The console's communication screens. */
export const communicationArea: AdminArea = { name: 'communication', resources: {}, elements: [] };
