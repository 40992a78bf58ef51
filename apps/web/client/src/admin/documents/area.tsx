import type { AdminArea } from '../core/admin-area';

/** The console's documents screens. */
export const documentsArea: AdminArea = { name: 'documents', resources: {}, elements: [] };
