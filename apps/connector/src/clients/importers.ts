import { status, type ServiceError } from '@grpc/grpc-js';
import type { PlatformClient } from '@platform/grpc-server/service';
import type { contentV1, documentsV1, eventsV1, notificationsV1, organisationV1 } from '@platform/proto';
import type { ImageCopy, ImportTargets, UpsertOutcome } from './ports';

/** The clients of the services the connector imports into (the kit's, with the connector's service token). */
export interface ImportClients {
  organisation: PlatformClient<organisationV1.OrganisationServiceClient>;
  content: PlatformClient<contentV1.ContentServiceClient>;
  events: PlatformClient<eventsV1.EventsServiceClient>;
  documents: PlatformClient<documentsV1.DocumentsServiceClient>;
  notifications: PlatformClient<notificationsV1.NotificationsServiceClient>;
}

export interface ImportOptions {
  /** Deadline of one batch call (500 records). */
  timeoutMs: number;
  /** Tries of a call that failed UNAVAILABLE, DEADLINE_EXCEEDED or RESOURCE_EXHAUSTED (the upserts are idempotent by externalId). */
  attempts: number;
  /** First pause between tries, doubled each time. */
  backoffMs: number;
}

const RETRIED = new Set<number>([status.UNAVAILABLE, status.DEADLINE_EXCEEDED, status.RESOURCE_EXHAUSTED]);

const ANSWERED = new Set(['CREATE', 'UPDATE', 'SKIP', 'CONFLICT']);

const outcome = (r: { externalId: string; action: string; error: string }, id: string): UpsertOutcome => ({
  externalId: r.externalId,
  action: ANSWERED.has(r.action) ? (r.action as UpsertOutcome['action']) : 'FAILED',
  platformId: r.action === 'ERROR' || r.action === 'FAILED' ? '' : id,
  error: r.error,
});

/** The import RPCs of organisation, content, events, documents and notifications, called with the connector's service token. */
export function grpcImportTargets(clients: ImportClients, options: ImportOptions): ImportTargets {
  const { organisation, content, events, documents, notifications } = clients;

  async function retried<T>(call: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (err) {
        const code = (err as Partial<ServiceError>).code;
        if (attempt >= options.attempts || code === undefined || !RETRIED.has(code)) throw err;
        await new Promise((resolve) => setTimeout(resolve, options.backoffMs * 2 ** (attempt - 1)));
      }
    }
  }
  const call = { timeoutMs: options.timeoutMs };

  return {
    async members(organizationId, members) {
      const reply = await retried(() => organisation.call(organisation.client.upsertMembers, { organizationId, members }, call));
      return reply.results.map((r) => ({ ...outcome(r, r.userId), ...(r.sameAsExternalId ? { sameAs: r.sameAsExternalId } : {}) }));
    },
    async articles(organizationId, articles) {
      const reply = await retried(() => content.call(content.client.upsertArticles, { organizationId, articles }, call));
      return reply.results.map((r) => outcome(r, r.id));
    },
    async companies(organizationId, companies) {
      const reply = await retried(() => content.call(content.client.upsertCompanies, { organizationId, companies }, call));
      return reply.results.map((r) => outcome(r, r.id));
    },
    async events(organizationId, records) {
      const reply = await retried(() => events.call(events.client.upsertEvents, { organizationId, records }, call));
      return reply.results.map((r) => outcome(r, r.eventId));
    },
    async folders(organizationId, folders) {
      const reply = await retried(() => documents.call(documents.client.upsertFolders, { organizationId, folders }, call));
      return reply.results.map((r) => outcome(r, r.id));
    },
    async documents(organizationId, records, importedBy, copyFiles) {
      const reply = await retried(() => documents.call(documents.client.upsertDocuments, { organizationId, documents: records, importedBy, copyFiles }, call));
      return reply.results.map((r) => outcome(r, r.id));
    },
    async notifications(organizationId, records, importedBy) {
      const reply = await retried(() =>
        notifications.call(notifications.client.upsertNotifications, { organizationId, importedBy, notifications: records }, call),
      );
      return reply.results.map((r) => outcome(r, r.id));
    },
    async images(organizationId, urls, importedBy) {
      const reply = await retried(() => documents.call(documents.client.importImages, { organizationId, importedBy, sourceUrls: urls }, call));
      return new Map(reply.images.map((i): [string, ImageCopy] => [i.sourceUrl, i.url ? { url: i.url } : { error: i.error || 'not copied' }]));
    },
  };
}
