import { contentV1, documentsV1, eventsV1, notificationsV1, organisationV1 } from '@platform/proto';
import { fakeGrpcService, type FakeGrpcService } from '@platform/testing';
import { randomUUID } from 'node:crypto';

/** What a stand-in import service keeps: platform id and last record by externalId, per kind. */
export class ImportStore {
  readonly kinds = new Map<string, Map<string, { id: string; json: string; record: unknown }>>();
  /** External ids each kind answers ERROR for. */
  readonly failing = new Map<string, Set<string>>();
  /** External ids each kind holds as changed on the platform since their import: a changed record is a CONFLICT. */
  readonly editedOnPlatform = new Map<string, Set<string>>();
  /** copy-images: the source URLs asked for, and the ones that fail. */
  readonly imageRequests: string[] = [];
  readonly failingImages = new Set<string>();

  /** Members' addresses, lower-cased, with the externalId that holds each (organisation keeps one member per account). */
  readonly memberAddresses = new Map<string, string>();

  memberOfAddress(email: string): { externalId: string; id: string } | undefined {
    const externalId = this.memberAddresses.get(email.toLowerCase());
    const known = externalId === undefined ? undefined : this.kinds.get('members')?.get(externalId);
    return externalId !== undefined && known ? { externalId, id: known.id } : undefined;
  }

  upsert(kind: string, externalId: string, record: unknown): { action: string; id: string; error: string } {
    if (this.failing.get(kind)?.has(externalId)) return { action: 'ERROR', id: '', error: 'injected failure' };
    const map = this.kinds.get(kind) ?? new Map();
    this.kinds.set(kind, map);
    const json = JSON.stringify(record);
    const known = map.get(externalId);
    if (!known) {
      const id = randomUUID();
      map.set(externalId, { id, json, record });
      return { action: 'CREATE', id, error: '' };
    }
    if (known.json === json) return { action: 'SKIP', id: known.id, error: '' };
    if (this.editedOnPlatform.get(kind)?.has(externalId)) return { action: 'CONFLICT', id: known.id, error: '' };
    map.set(externalId, { id: known.id, json, record });
    return { action: 'UPDATE', id: known.id, error: '' };
  }

  get<T>(kind: string, externalId: string): T | undefined {
    return this.kinds.get(kind)?.get(externalId)?.record as T | undefined;
  }

  count(kind: string): number {
    return this.kinds.get(kind)?.size ?? 0;
  }
}

const summary = (results: Array<{ action: string }>) => ({
  created: results.filter((r) => r.action === 'CREATE').length,
  updated: results.filter((r) => r.action === 'UPDATE').length,
  skipped: results.filter((r) => r.action === 'SKIP').length,
  conflicts: results.filter((r) => r.action === 'CONFLICT').length,
  failed: results.filter((r) => r.action === 'ERROR').length,
});

export interface FakeImporters {
  store: ImportStore;
  organisation: FakeGrpcService<typeof organisationV1.OrganisationServiceService>;
  content: FakeGrpcService<typeof contentV1.ContentServiceService>;
  events: FakeGrpcService<typeof eventsV1.EventsServiceService>;
  documents: FakeGrpcService<typeof documentsV1.DocumentsServiceService>;
  notifications: FakeGrpcService<typeof notificationsV1.NotificationsServiceService>;
}

/** Stand-ins of the import RPCs: CREATE, UPDATE (a field changed) or SKIP per record, like the real ones. */
export async function startFakeImporters(): Promise<FakeImporters> {
  const store = new ImportStore();
  const organisation = await fakeGrpcService(
    organisationV1.OrganisationServiceService,
    {
      upsertMembers: (req) => {
        const results = req.members.map((m) => {
          // Like organisation: one account per address whatever its case; another externalId of a member's address is that member.
          const holder = store.memberOfAddress(m.email);
          if (holder && holder.externalId !== m.externalId && !store.kinds.get('members')?.has(m.externalId)) {
            return { externalId: m.externalId, action: 'SKIP', userId: holder.id, error: '', sameAsExternalId: holder.externalId };
          }
          const r = store.upsert('members', m.externalId, m);
          if (r.action === 'CREATE') store.memberAddresses.set(m.email.toLowerCase(), m.externalId);
          return { externalId: m.externalId, action: r.action, userId: r.id, error: r.error, sameAsExternalId: '' };
        });
        return { results, ...summary(results) };
      },
    },
    { serviceToken: 'any' },
  );
  const content = await fakeGrpcService(
    contentV1.ContentServiceService,
    {
      upsertArticles: (req) => {
        const results = req.articles.map((a) => ({ externalId: a.externalId, ...store.upsert('articles', a.externalId, a) }));
        return { results, ...summary(results) };
      },
      upsertCompanies: (req) => {
        const results = req.companies.map((c) => ({ externalId: c.externalId, ...store.upsert('companies', c.externalId, c) }));
        return { results, ...summary(results) };
      },
    },
    { serviceToken: 'any' },
  );
  const events = await fakeGrpcService(
    eventsV1.EventsServiceService,
    {
      upsertEvents: (req) => ({
        results: req.records.map((e) => {
          const r = store.upsert('events', e.externalId, e);
          return { externalId: e.externalId, action: r.action === 'ERROR' ? 'FAILED' : r.action, eventId: r.id, error: r.error };
        }),
      }),
    },
    { serviceToken: 'any' },
  );
  const documents = await fakeGrpcService(
    documentsV1.DocumentsServiceService,
    {
      upsertFolders: (req) => {
        const results = req.folders.map((f) => ({ externalId: f.externalId, ...store.upsert('folders', f.externalId, f) }));
        return { results, ...summary(results) };
      },
      upsertDocuments: (req) => {
        const results = req.documents.map((d) => ({ externalId: d.externalId, ...store.upsert('documents', d.externalId, d) }));
        return { results, ...summary(results) };
      },
      importImages: (req) => ({
        images: [...new Set(req.sourceUrls)].map((sourceUrl) => {
          store.imageRequests.push(sourceUrl);
          if (store.failingImages.has(sourceUrl)) return { sourceUrl, url: '', error: 'injected image failure' };
          return { sourceUrl, url: `/api/storage/${req.organizationId}/assets/copy-of-${sourceUrl.slice(sourceUrl.lastIndexOf('/') + 1)}`, error: '' };
        }),
      }),
    },
    { serviceToken: 'any' },
  );
  const notifications = await fakeGrpcService(
    notificationsV1.NotificationsServiceService,
    {
      upsertNotifications: (req) => {
        const results = req.notifications.map((n) => ({ externalId: n.externalId, ...store.upsert('notifications', n.externalId, n) }));
        return { results, ...summary(results) };
      },
    },
    { serviceToken: 'any' },
  );
  return { store, organisation, content, events, documents, notifications };
}
