import { externalIdProblem, importDecision, importHash, type UpsertResult } from '@platform/imports';
import type { notificationsV1 } from '@platform/proto';
import type { NotificationsDeps } from '../deps';
import { dataViolations, MAX_BODY_LENGTH, MAX_TITLE_LENGTH } from '../domain/push-message';
import {
  markImported,
  notificationsByExternalId,
  storeImportHash,
  updateImportedNotification,
  type ImportedNotificationFields,
} from '../store/notification-imports';
import { createNotification } from '../store/notifications';

/** The fields an import writes (and fingerprints with importHash). */
function importedFields(record: notificationsV1.ImportedNotification, now: Date): ImportedNotificationFields {
  return { title: record.title.trim(), body: record.body.trim(), data: (record.data ?? {}) as Record<string, unknown>, createdAt: record.sentAt ?? now };
}

function recordProblem(fields: ReturnType<typeof importedFields>): string | undefined {
  if (fields.title === '') return 'title is required';
  if (fields.title.length > MAX_TITLE_LENGTH) return `title must be at most ${MAX_TITLE_LENGTH} characters`;
  if (fields.body.length > MAX_BODY_LENGTH) return `body must be at most ${MAX_BODY_LENGTH} characters`;
  const violations = dataViolations(fields.data);
  return violations.length > 0 ? violations.map((v) => `${v.field} ${v.message}`).join('; ') : undefined;
}

/**
 * The connector's batch upsert of a legacy site's notifications, in one transaction. A new one is
 * an ALL_MEMBERS notification at its own date (the site sent it to everyone), written into the
 * inboxes of the organisation's ACTIVE members when it is recent (`importInboxDays`; older ones are
 * history only, listed for admins), with its push job SKIPPED: an import is history, never
 * pushed, emailed or announced. A known one (by external_id) is updated in place (inbox entries and
 * their read state stay), skipped when unchanged, or CONFLICT when changed on the platform too.
 */
export function importNotifications(
  deps: Pick<NotificationsDeps, 'db' | 'now' | 'importInboxDays'>,
  organizationId: string,
  importedBy: string,
  records: notificationsV1.ImportedNotification[],
): Promise<UpsertResult[]> {
  return deps.db.$transaction(
    async (tx) => {
      const now = deps.now();
      const inboxSince = now.getTime() - deps.importInboxDays * 86_400_000;
      const existing = await notificationsByExternalId(
        tx,
        organizationId,
        records.map((r) => r.externalId),
      );
      const seen = new Set<string>();
      const results: UpsertResult[] = [];
      for (const record of records) {
        const fields = importedFields(record, now);
        const problem = externalIdProblem(record.externalId, seen) ?? recordProblem(fields);
        if (problem) {
          results.push({ externalId: record.externalId, action: 'ERROR', id: '', error: problem });
          continue;
        }
        const current = existing.get(record.externalId);
        if (!current) {
          const created = await createNotification(
            tx,
            {
              organizationId,
              ...fields,
              targetType: 'ALL_MEMBERS',
              targetUserId: null,
              targetRole: null,
              membersOnly: false,
              senderId: importedBy,
              push: false,
            },
            { excludeGuests: false, inbox: deps.importInboxDays > 0 && fields.createdAt.getTime() >= inboxSince },
          );
          await markImported(tx, created.id, record.externalId, importHash(fields));
          results.push({ externalId: record.externalId, action: 'CREATE', id: created.id, error: '' });
          continue;
        }
        const decision = importDecision(current as unknown as Record<string, unknown>, fields, current.importHash);
        if (decision.action === 'UPDATE') {
          await updateImportedNotification(tx, current.id, fields, decision.hash);
        } else if (decision.hash !== current.importHash) {
          await storeImportHash(tx, current.id, decision.hash);
        }
        results.push({ externalId: record.externalId, action: decision.action, id: current.id, error: '' });
      }
      return results;
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}
