/**
 * The entity types a legacy-site connector imports, in the import order of spec 4.11 (articles,
 * members, events, conferences, companies, documents, notifications).
 */
export const ENTITY_TYPES = ['ARTICLES', 'MEMBERS', 'EVENTS', 'CONFERENCES', 'COMPANIES', 'DOCUMENTS', 'NOTIFICATIONS'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** The entity types a sync can import (all of them since notifications came; kept for a type added before its import). */
export const IMPORTABLE_ENTITY_TYPES: readonly EntityType[] = ENTITY_TYPES;

/** The site's pull of each entity type: `GET /api/v1/sync/<path>`. */
export const PULL_PATHS: Record<EntityType, string> = {
  ARTICLES: 'articles',
  MEMBERS: 'members',
  EVENTS: 'events',
  CONFERENCES: 'conferences',
  COMPANIES: 'companies',
  DOCUMENTS: 'documents',
  NOTIFICATIONS: 'notifications',
};

export const isEntityType = (value: string): value is EntityType => (ENTITY_TYPES as readonly string[]).includes(value);

/** The enabled types in import order, whatever order they were given in. */
export function inImportOrder(enabled: readonly string[]): EntityType[] {
  return ENTITY_TYPES.filter((type) => enabled.includes(type));
}
