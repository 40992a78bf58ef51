import type { contentV1, documentsV1, eventsV1, notificationsV1, organisationV1 } from '@platform/proto';
import type { SourceRecord } from '../domain/mappings';

/** What an import RPC answered for one record (ERROR and FAILED both read FAILED). */
export interface UpsertOutcome {
  externalId: string;
  /** CONFLICT: changed on the platform since the last import and at the source too; the platform's copy was kept. */
  action: 'CREATE' | 'UPDATE' | 'SKIP' | 'CONFLICT' | 'FAILED';
  /** The platform record's id; empty for FAILED. */
  platformId: string;
  error: string;
  /**
   * SKIP of a member whose person the platform already has under another of the connector's
   * external ids (the same address but for its case): that id. Both link to platformId.
   */
  sameAs?: string;
}

/**
 * The internal import RPCs of the services the connector writes to (500 records a call at most;
 * CREATE, UPDATE, SKIP, CONFLICT or ERROR per record; they never notify anyone). Transient failures
 * (UNAVAILABLE, DEADLINE_EXCEEDED) are retried by the implementation; what is left is thrown.
 */
export interface ImportTargets {
  members(organizationId: string, records: organisationV1.MemberRecord[]): Promise<UpsertOutcome[]>;
  articles(organizationId: string, records: contentV1.ImportedArticle[]): Promise<UpsertOutcome[]>;
  companies(organizationId: string, records: contentV1.ImportedCompany[]): Promise<UpsertOutcome[]>;
  events(organizationId: string, records: eventsV1.UpsertEventRecord[]): Promise<UpsertOutcome[]>;
  folders(organizationId: string, records: documentsV1.ImportedFolder[]): Promise<UpsertOutcome[]>;
  documents(organizationId: string, records: documentsV1.ImportedDocument[], importedBy: string, copyFiles: boolean): Promise<UpsertOutcome[]>;
  notifications(organizationId: string, records: notificationsV1.ImportedNotification[], importedBy: string): Promise<UpsertOutcome[]>;
  /**
   * copy-images: documents copies each remote image (through the outbound guard) into the
   * organisation's storage once per source URL and answers its platform URL, or why not.
   */
  images(organizationId: string, urls: string[], importedBy: string): Promise<Map<string, ImageCopy>>;
}

/** A remote image copied into storage: its platform URL, or the reason it was not copied. */
export type ImageCopy = { url: string } | { error: string };

/** One page of a sync pull (spec 2 Legacy-site records: the sync page envelope). */
export interface SitePage {
  data: SourceRecord[];
  total: number;
  page: number;
  perPage: number;
  totalPages: number;
}

/** Why a call to the site failed. `transient` ones (network, timeouts, 5xx but 503, 429) are worth retrying. */
export class SiteError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'SiteError';
  }
}

/** A legacy site's plugin API (`{siteUrl}/api/v1`), its address checked by the outbound-destination guard. */
export interface LegacySite {
  /** `GET /sync/ping` (no key): the JSON object. */
  ping(): Promise<Record<string, unknown>>;
  /** `GET /sync/<path>?page&per_page[&since]` with the sync key. */
  page(path: string, query: { page: number; perPage: number; since?: Date }): Promise<SitePage>;
  /** `PUT /sync/<path>/<id>` (`members` or `events`) with the sync key and a partial record: the record after the update. */
  update(path: 'members' | 'events', id: string, fields: Record<string, unknown>): Promise<Record<string, unknown>>;
}

export interface LegacySites {
  /**
   * The guard's rules that need no lookup (a refused port, a private IP literal, `localhost`):
   * throws DestinationRefused, so saving an obviously refused URL is a 400 at once.
   */
  checkStatic(siteUrl: string): void;
  /**
   * A client for one site: the URL is checked once by the guard (a refused destination throws
   * DestinationRefused, a name that does not resolve SiteError) and every request of the client
   * connects to the checked address.
   */
  open(siteUrl: string, syncKey: string): Promise<LegacySite>;
}
