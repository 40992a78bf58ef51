import { IMPORTABLE_ENTITY_TYPES } from './entity-types';

export interface ConnectorTypeInfo {
  /** Fixed for ever: the `connectorTypeId` clients send. */
  id: string;
  code: string;
  name: string;
  description: string;
  availability: 'AVAILABLE' | 'COMING_SOON';
  entityTypes: readonly string[];
}

export const LEGACY_SITE_TYPE_ID = '6c0a3b52-6d8e-4c41-9f0e-1a7c5e2b0001';

/** The connector types of spec 1: the legacy site works; CRM, marketing list and chat are announced. */
export const CONNECTOR_TYPES: readonly ConnectorTypeInfo[] = [
  {
    id: LEGACY_SITE_TYPE_ID,
    code: 'LEGACY_SITE',
    name: 'Legacy association site',
    description: "Imports the old site's articles, members, events, conferences, companies and documents through its plugin API (v1.2.0 or later)",
    availability: 'AVAILABLE',
    entityTypes: IMPORTABLE_ENTITY_TYPES,
  },
  {
    id: '6c0a3b52-6d8e-4c41-9f0e-1a7c5e2b0002',
    code: 'CRM',
    name: 'CRM system',
    description: 'Contacts and memberships from a CRM (coming soon)',
    availability: 'COMING_SOON',
    entityTypes: [],
  },
  {
    id: '6c0a3b52-6d8e-4c41-9f0e-1a7c5e2b0003',
    code: 'MARKETING_SUBSCRIBERS',
    name: 'Marketing subscriber list',
    description: "Members kept in step with a marketing service's subscriber list (coming soon)",
    availability: 'COMING_SOON',
    entityTypes: [],
  },
  {
    id: '6c0a3b52-6d8e-4c41-9f0e-1a7c5e2b0004',
    code: 'CHAT_NOTIFICATIONS',
    name: 'Chat notifications',
    description: 'Platform notifications posted to a chat service (coming soon)',
    availability: 'COMING_SOON',
    entityTypes: [],
  },
];

/** The type a create names, by its id (or its code, for convenience). */
export function connectorTypeOf(idOrCode: string): ConnectorTypeInfo | undefined {
  return CONNECTOR_TYPES.find((t) => t.id === idOrCode.toLowerCase() || t.code === idOrCode);
}

export const connectorTypeByCode = (code: string): ConnectorTypeInfo | undefined => CONNECTOR_TYPES.find((t) => t.code === code);
