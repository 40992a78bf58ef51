import type { AdminArea } from '../core/admin-area';

/** The console's members screens. */
export const membersArea: AdminArea = { name: 'members', resources: {}, elements: [] };
