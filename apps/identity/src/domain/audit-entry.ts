/** Audit actions identity records itself (other services publish their own, e.g. ORGANIZATION_CREATED). */
export const AuditAction = {
  LOGIN_SUCCESS: 'LOGIN_SUCCESS',
  LOGIN_FAILED: 'LOGIN_FAILED',
  LOGIN_MFA_FAILED: 'LOGIN_MFA_FAILED',
  PASSWORD_RESET_REQUESTED: 'PASSWORD_RESET_REQUESTED',
  PASSWORD_RESET_COMPLETED: 'PASSWORD_RESET_COMPLETED',
  PASSWORD_CHANGED: 'PASSWORD_CHANGED',
  EMAIL_VERIFIED: 'EMAIL_VERIFIED',
  MFA_ENABLED: 'MFA_ENABLED',
  MFA_DISABLED: 'MFA_DISABLED',
  MFA_BACKUP_CODES_REGENERATED: 'MFA_BACKUP_CODES_REGENERATED',
  ACCOUNT_DEACTIVATED: 'ACCOUNT_DEACTIVATED',
  SYSTEM_USER_CREATED: 'SYSTEM_USER_CREATED',
  SYSTEM_ROLE_CHANGED: 'SYSTEM_ROLE_CHANGED',
  SETTINGS_UPDATED: 'SETTINGS_UPDATED',
  /** An operator ended every session of the account (`npm run ops -- revoke-sessions`). */
  SESSIONS_REVOKED: 'SESSIONS_REVOKED',
} as const;

/** One row of the audit table, as the consumer writes it. */
export interface AuditRow {
  eventId: string;
  userId: string | null;
  userEmail: string | null;
  organizationId: string | null;
  action: string;
  resourceType: string | null;
  resourceId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  detail: Record<string, unknown> | null;
  createdAt: Date;
}

/** An `audit.recorded` event as decoded (platform.messages.v1.AuditRecorded). */
export interface AuditEvent {
  userId: string;
  userEmail: string;
  organizationId: string;
  action: string;
  resourceType: string;
  resourceId: string;
  ipAddress: string;
  userAgent: string;
  occurredAt: string;
  detailJson: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How far in the future a producer's clock may be before its timestamp is not trusted. */
const MAX_CLOCK_AHEAD_MS = 5 * 60 * 1000;

const text = (value: string, max: number): string | null => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed.slice(0, max);
};

function parseDetail(json: string): Record<string, unknown> | null {
  if (json.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { value: parsed };
  } catch {
    return { raw: json.slice(0, 4000) };
  }
}

/**
 * The row an `audit.recorded` event becomes. Every service publishes these, so nothing in them is
 * trusted to fit: ids that are not UUIDs are kept in `detail` instead, texts are bounded, and the
 * time is the producer's unless missing or implausibly far ahead of ours.
 */
export function auditRowFrom(event: AuditEvent, eventId: string, receivedAt: Date): AuditRow {
  const detail = parseDetail(event.detailJson) ?? {};
  const uuidOrNull = (value: string, name: string): string | null => {
    const trimmed = value.trim();
    if (trimmed === '') return null;
    if (UUID.test(trimmed)) return trimmed.toLowerCase();
    detail[name] = trimmed.slice(0, 200);
    return null;
  };
  const userId = uuidOrNull(event.userId, 'userId');
  const organizationId = uuidOrNull(event.organizationId, 'organizationId');
  const occurred = new Date(event.occurredAt);
  const createdAt = Number.isNaN(occurred.getTime()) || occurred.getTime() > receivedAt.getTime() + MAX_CLOCK_AHEAD_MS ? receivedAt : occurred;
  return {
    eventId,
    userId,
    userEmail: text(event.userEmail, 254)?.toLowerCase() ?? null,
    organizationId,
    action: text(event.action, 100) ?? 'UNKNOWN',
    resourceType: text(event.resourceType, 100),
    resourceId: text(event.resourceId, 200),
    ipAddress: text(event.ipAddress, 64),
    userAgent: text(event.userAgent, 512),
    detail: Object.keys(detail).length > 0 ? detail : null,
    createdAt,
  };
}
