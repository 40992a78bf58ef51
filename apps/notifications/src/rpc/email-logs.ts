import { z } from 'zod';
import { pagedEnvelope, parsePageQuery, parsePeriod } from '@platform/db';
import { optionalUuid, PlatformError, uuid, validate } from '@platform/errors';
import { callerOf, type AsyncService } from '@platform/grpc-server';
import type { notificationsV1 } from '@platform/proto';
import type { NotificationsDeps } from '../deps';
import { emailLogScope, mayReadEmailLog } from '../domain/organisation-scope';
import { isTemplateType, TEMPLATE_TYPES } from '../domain/templates';
import { findEmailLog, queryEmailLogs } from '../store/email-log';
import { toEmailLog } from './mappers';

export const EMAIL_STATUSES = ['SENT', 'FAILED', 'BOUNCED'] as const;

const listInput = z.object({
  organizationId: optionalUuid,
  status: z.union([z.literal(''), z.enum(EMAIL_STATUSES, { error: `must be one of ${EMAIL_STATUSES.join(', ')}` })]),
  from: z.string(),
  to: z.string(),
  recipient: z.string().trim().max(254, 'must be at most 254 characters'),
  templateType: z.string().refine((v) => v === '' || isTemplateType(v), `must be one of ${TEMPLATE_TYPES.join(', ')}`),
});
const getInput = z.object({ logId: uuid });

/** GET /api/email-logs (filters, paged, newest first) and GET /api/email-logs/{logId}, organisation-scoped. */
export function emailLogHandlers(deps: NotificationsDeps): Pick<AsyncService<notificationsV1.NotificationsServiceServer>, 'listEmailLogs' | 'getEmailLog'> {
  return {
    async listEmailLogs(request, ctx) {
      const caller = callerOf(ctx);
      const req = validate(listInput, request);
      const scope = emailLogScope(caller, req.organizationId);
      const page = parsePageQuery(request, { sortable: ['createdAt'], defaultSort: { field: 'createdAt', direction: 'desc' } });
      const period = parsePeriod(req.from, req.to);
      if (Array.isArray(period)) throw PlatformError.validation(period, `Invalid ${period.map((v) => v.field).join(', ')}`);
      const { rows, total } = await queryEmailLogs(deps.db, {
        organizationId: scope.organizationId,
        status: req.status || undefined,
        recipient: req.recipient || undefined,
        templateType: req.templateType || undefined,
        period,
        skip: page.skip,
        take: page.take,
      });
      return pagedEnvelope(rows.map(toEmailLog), total, page);
    },

    async getEmailLog(request, ctx) {
      const caller = callerOf(ctx);
      const { logId } = validate(getInput, request);
      const row = await findEmailLog(deps.db, logId);
      // Another organisation's entry is as absent as a missing one.
      if (!row || !mayReadEmailLog(caller, row.organizationId)) throw PlatformError.notFound('Email log entry');
      return toEmailLog(row);
    },
  };
}
