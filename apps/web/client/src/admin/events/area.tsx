import type { AdminArea } from '../core/admin-area';

/** The console's events screens. */
export const eventsArea: AdminArea = { name: 'events', resources: {}, elements: [] };
