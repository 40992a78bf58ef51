import { z } from 'zod';
import { pagedEnvelope, parsePageQuery, parsePeriod } from '@platform/db';
import { optionalUuid, PlatformError, uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import type { IdentityDeps } from '../deps';
import { queryAuditLog, recentAuditOfUser } from '../store/audit-log';
import type { AuditLog } from '../store/generated/client';

type AuditHandlers = Pick<AsyncService<identityV1.IdentityServiceServer>, 'listAuditLogs' | 'listUserAuditLogs' | 'listRecentAuditEntries'>;

export const RECENT_AUDIT_DEFAULT = 20;
export const RECENT_AUDIT_MAX = 100;

const filters = {
  organizationId: optionalUuid,
  action: z.string().trim().max(100, 'must be at most 100 characters'),
  from: z.string(),
  to: z.string(),
};
const listInput = z.object({ ...filters, userId: optionalUuid });
const userInput = z.object({ ...filters, userId: uuid });
const recentInput = z.object({ userId: uuid, limit: z.number().int().min(0).max(RECENT_AUDIT_MAX, `must be at most ${RECENT_AUDIT_MAX}`) });

const orNull = (value: string | null): string | undefined => value ?? undefined;

export function toAuditEntryMessage(row: AuditLog): identityV1.AuditLogEntry {
  return {
    id: row.id,
    userId: orNull(row.userId),
    userEmail: orNull(row.userEmail),
    organizationId: orNull(row.organizationId),
    action: row.action,
    resourceType: orNull(row.resourceType),
    resourceId: orNull(row.resourceId),
    ipAddress: orNull(row.ipAddress),
    userAgent: orNull(row.userAgent),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The audit log: filtered, paged, newest first. Nothing here (or anywhere) edits or deletes it. */
export function auditLogHandlers(deps: IdentityDeps): AuditHandlers {
  async function list(input: z.infer<typeof listInput>, request: { page?: number; size?: number }) {
    const page = parsePageQuery(request, { sortable: ['createdAt'], defaultSort: { field: 'createdAt', direction: 'desc' } });
    const period = parsePeriod(input.from, input.to);
    if (Array.isArray(period)) throw PlatformError.validation(period, `Invalid ${period.map((v) => v.field).join(', ')}`);
    const { rows, total } = await queryAuditLog(deps.db, {
      userId: input.userId || undefined,
      organizationId: input.organizationId || undefined,
      action: input.action || undefined,
      period,
      skip: page.skip,
      take: page.take,
    });
    return pagedEnvelope(rows.map(toAuditEntryMessage), total, page);
  }

  return {
    listAuditLogs: async (request) => list(validate(listInput, request), request),
    listUserAuditLogs: async (request) => list(validate(userInput, request), request),

    async listRecentAuditEntries(request) {
      const { userId, limit } = validate(recentInput, request);
      const rows = await recentAuditOfUser(deps.db, userId, limit || RECENT_AUDIT_DEFAULT);
      return { entries: rows.map(toAuditEntryMessage) };
    },
  };
}
