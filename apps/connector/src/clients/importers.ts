import { status, type ServiceError } from '@grpc/grpc-js';
import { createClient, unary, type ServiceTokens } from '@platform/grpc-server';
import { contentV1, documentsV1, eventsV1, notificationsV1, organisationV1 } from '@platform/proto';
import type { ImageCopy, ImportTargets, UpsertOutcome } from './ports';

export interface ImportAddresses {
  organisation: string;
  content: string;
  events: string;
  documents: string;
  notifications: string;
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
export function grpcImportTargets(addresses: ImportAddresses, tokens: ServiceTokens, options: ImportOptions): ImportTargets {
  const organisation = createClient(organisationV1.OrganisationServiceClient, addresses.organisation);
  const content = createClient(contentV1.ContentServiceClient, addresses.content);
  const events = createClient(eventsV1.EventsServiceClient, addresses.events);
  const documents = createClient(documentsV1.DocumentsServiceClient, addresses.documents);
  const notifications = createClient(notificationsV1.NotificationsServiceClient, addresses.notifications);

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
      const reply = await retried(() => unary(organisation, organisation.upsertMembers, { organizationId, members }, { ...call, token: tokens.current() }));
      return reply.results.map((r) => ({ ...outcome(r, r.userId), ...(r.sameAsExternalId ? { sameAs: r.sameAsExternalId } : {}) }));
    },
    async articles(organizationId, articles) {
      const reply = await retried(() => unary(content, content.upsertArticles, { organizationId, articles }, { ...call, token: tokens.current() }));
      return reply.results.map((r) => outcome(r, r.id));
    },
    async companies(organizationId, companies) {
      const reply = await retried(() => unary(content, content.upsertCompanies, { organizationId, companies }, { ...call, token: tokens.current() }));
      return reply.results.map((r) => outcome(r, r.id));
    },
    async events(organizationId, records) {
      const reply = await retried(() => unary(events, events.upsertEvents, { organizationId, records }, { ...call, token: tokens.current() }));
      return reply.results.map((r) => outcome(r, r.eventId));
    },
    async folders(organizationId, folders) {
      const reply = await retried(() => unary(documents, documents.upsertFolders, { organizationId, folders }, { ...call, token: tokens.current() }));
      return reply.results.map((r) => outcome(r, r.id));
    },
    async documents(organizationId, records, importedBy, copyFiles) {
      const reply = await retried(() =>
        unary(documents, documents.upsertDocuments, { organizationId, documents: records, importedBy, copyFiles }, { ...call, token: tokens.current() }),
      );
      return reply.results.map((r) => outcome(r, r.id));
    },
    async notifications(organizationId, records, importedBy) {
      const reply = await retried(() =>
        unary(notifications, notifications.upsertNotifications, { organizationId, importedBy, notifications: records }, { ...call, token: tokens.current() }),
      );
      return reply.results.map((r) => outcome(r, r.id));
    },
    async images(organizationId, urls, importedBy) {
      const reply = await retried(() =>
        unary(documents, documents.importImages, { organizationId, importedBy, sourceUrls: urls }, { ...call, token: tokens.current() }),
      );
      return new Map(reply.images.map((i): [string, ImageCopy] => [i.sourceUrl, i.url ? { url: i.url } : { error: i.error || 'not copied' }]));
    },
    close() {
      organisation.close();
      content.close();
      events.close();
      documents.close();
      notifications.close();
    },
  };
}
