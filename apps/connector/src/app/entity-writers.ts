import type { contentV1, documentsV1, eventsV1, notificationsV1, organisationV1 } from '@platform/proto';
import { mapArticle, mapCompany, mapDocument, mapEvent, mapMember, mapNotification, type MappedDocument } from '../domain/mappings';
import { offsetMinutes } from '../domain/timezone';
import type { ConnectorRow } from '../store/connectors';
import { batchWriter, type EntityWriter, type ImageCopying, type ImageField, type WriterScope } from './batch-writer';

/** The writer of one entity type: the mapping, the RPC and where its records carry an image. */
export function writerFor(scope: WriterScope, connector: ConnectorRow): EntityWriter {
  const { deps, job, type } = scope;
  const org = connector.organizationId;
  const mappings = (connector.fieldMappings ?? {}) as Record<string, string>;
  const offset = offsetMinutes(connector.sourceTimezone) ?? 0;
  // copy-images: featured images, event covers and company logos go to storage.
  const images = <T>(field: ImageField<T>): ImageCopying<T> | undefined => (connector.copyImages ? { organizationId: org, field } : undefined);
  switch (type) {
    case 'MEMBERS':
      return batchWriter<organisationV1.MemberRecord>(
        scope,
        (r) => mapMember(r, mappings),
        (batch) => deps.targets.members(org, batch),
      );
    case 'ARTICLES':
      return batchWriter<contentV1.ImportedArticle>(
        scope,
        (r) => mapArticle(r, mappings),
        (batch) => deps.targets.articles(org, batch),
        images({ get: (a) => a.featuredImageUrl, set: (a, url) => (a.featuredImageUrl = url) }),
      );
    case 'COMPANIES':
      return batchWriter<contentV1.ImportedCompany>(
        scope,
        (r) => mapCompany(r, mappings),
        (batch) => deps.targets.companies(org, batch),
        images({ get: (c) => c.logoUrl, set: (c, url) => (c.logoUrl = url) }),
      );
    case 'EVENTS':
    case 'CONFERENCES':
      return batchWriter<eventsV1.UpsertEventRecord>(
        scope,
        (r) => mapEvent(r, type, offset, mappings, deps.now()),
        (batch) => deps.targets.events(org, batch),
        images({
          get: (e) => e.event?.featuredImageUrl ?? '',
          set: (e, url) => {
            if (e.event) e.event.featuredImageUrl = url;
          },
        }),
      );
    case 'DOCUMENTS': {
      const foldersDone = new Set<string>();
      return batchWriter<MappedDocument>(
        scope,
        (r) => mapDocument(r, mappings),
        async (batch) => {
          const folders = new Map<string, documentsV1.ImportedFolder>();
          for (const { folders: chain } of batch) for (const f of chain) if (!foldersDone.has(f.externalId)) folders.set(f.externalId, f);
          const missing = [...folders.values()];
          for (let i = 0; i < missing.length; i += deps.sync.batchSize) {
            const results = await deps.targets.folders(org, missing.slice(i, i + deps.sync.batchSize));
            for (const r of results) {
              if (r.action === 'FAILED') deps.logger.warn({ jobId: job.id, folder: r.externalId, error: r.error }, 'an imported folder failed');
              else foldersDone.add(r.externalId);
            }
          }
          // copy-document-files: documents copies each file into storage through the outbound guard.
          return deps.targets.documents(
            org,
            batch.map((d) => d.document),
            job.startedBy,
            connector.copyDocumentFiles,
          );
        },
      );
    }
    case 'NOTIFICATIONS':
      return batchWriter<notificationsV1.ImportedNotification>(
        scope,
        (r) => mapNotification(r, mappings),
        (batch) => deps.targets.notifications(org, batch, job.startedBy),
      );
    default: {
      const unreachable: never = type;
      throw new Error(`${String(unreachable)} cannot be imported`);
    }
  }
}
