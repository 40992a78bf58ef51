import type { AdminArea } from '../core/admin-area';

/** The console's news screens. */
export const newsArea: AdminArea = { name: 'news', resources: {}, elements: [] };
