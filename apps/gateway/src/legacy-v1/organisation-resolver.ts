import type { Request, Response } from 'express';
import { type HostRules, lookupPathOf, organizationKeyOf } from './host-organisation';
import { LegacyError } from './legacy-error';
import type { PlatformApi } from './platform-api';
import { TtlCache } from './ttl-cache';

/** The association a request is about, as the /api/v1 layer needs it. */
export interface LegacyOrganization {
  id: string;
  slug: string;
  name: string;
  allowJoinRequests: boolean;
}

export interface ResolverOptions extends HostRules {
  /** How long an answer is reused: a custom domain changed by an admin applies after at most this. */
  cacheSeconds: number;
  now?: () => number;
}

export const SLUG_HEADER = 'x-organisation-slug';

/**
 * Host (or development header) → organisation, through the platform's public lookups
 * (`/api/orgs/slug|subdomain|domain/{…}`), cached per gateway replica. A host that names no
 * organisation is answered 404 `association_not_found`, and that answer is cached briefly too.
 */
export class OrganizationResolver {
  private readonly cache: TtlCache<LegacyOrganization>;

  constructor(
    private readonly api: PlatformApi,
    private readonly options: ResolverOptions,
  ) {
    const ttlMs = options.cacheSeconds * 1000;
    this.cache = new TtlCache({ ttlMs, negativeTtlMs: Math.min(ttlMs, 10_000), maxEntries: 10_000, now: options.now });
  }

  async resolve(req: Request, res: Response): Promise<LegacyOrganization> {
    const key = organizationKeyOf(req.hostname, req.get(SLUG_HEADER), this.options);
    const path = key && lookupPathOf(key);
    const found = path && (await this.cache.get(path, () => this.lookUp(req, res, path)));
    if (!found) throw new LegacyError('UNKNOWN_ASSOCIATION', 'No association is served at this address.');
    return found;
  }

  private async lookUp(req: Request, res: Response, path: string): Promise<LegacyOrganization | undefined> {
    try {
      const org = await this.api.call(req, res, { method: 'GET', path, errors: { 400: 'UNKNOWN_ASSOCIATION', 404: 'UNKNOWN_ASSOCIATION' } });
      return { id: String(org['id']), slug: String(org['slug']), name: String(org['name']), allowJoinRequests: org['allow_join_requests'] === true };
    } catch (err) {
      if (err instanceof LegacyError && err.kind === 'UNKNOWN_ASSOCIATION') return undefined;
      throw err;
    }
  }
}
