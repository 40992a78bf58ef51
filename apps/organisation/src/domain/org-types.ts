/** Organisation types; the spec names ASSOCIATION, the rest are the platform's choice (docs/decisions/0049-organisation-types-and-updates.md). */
export const ORG_TYPES = ['ASSOCIATION', 'FEDERATION', 'CLUB', 'COOPERATIVE', 'FOUNDATION', 'OTHER'] as const;
export type OrgType = (typeof ORG_TYPES)[number];

export const DEFAULT_ORG_TYPE: OrgType = 'ASSOCIATION';

export const isOrgType = (value: string): value is OrgType => (ORG_TYPES as readonly string[]).includes(value);
