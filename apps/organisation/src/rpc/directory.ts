import { z } from 'zod';
import { pagedEnvelope, parsePageQuery } from '@platform/db';
import { PlatformError, searchTerm, uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import { updateDirectoryConfig } from '../app/update-directory-config';
import type { OrganisationDeps } from '../deps';
import {
  DIRECTORY_SORT_FIELDS,
  DIRECTORY_VISIBILITIES,
  directoryEntry,
  effectiveDirectoryConfig,
  isDirectoryVisibility,
  mayReadDirectory,
  type DirectorySettings,
} from '../domain/directory';
import { organizationNotFound } from '../domain/errors';
import { searchWords } from '../domain/member-profile';
import { findDirectoryConfigOfLiveOrganization, queryDirectory, type DirectoryRow } from '../store/directory';

const byOrganization = z.object({ organizationId: uuid });
const visibility = z.string().refine(isDirectoryVisibility, `must be one of ${DIRECTORY_VISIBILITIES.join(', ')}`);
const updateInput = z.object({
  organizationId: uuid,
  visibility: visibility.optional(),
  showEmail: z.boolean().optional(),
  showPhone: z.boolean().optional(),
  allowMemberSearch: z.boolean().optional(),
}) as z.ZodType<{ organizationId: string } & Partial<DirectorySettings>>;
const listInput = z.object({ organizationId: uuid, search: searchTerm });

type DirectoryHandlers = Pick<AsyncService<organisationV1.OrganisationServiceServer>, 'listDirectory' | 'getDirectoryConfig' | 'updateDirectoryConfig'>;

const searchNotAllowed = (): PlatformError =>
  PlatformError.validation([{ field: 'search', message: 'is not allowed: this organisation does not allow searching its directory' }], 'Invalid search');
const adminsOnly = (): PlatformError => PlatformError.forbidden("This organisation's directory is visible to its administrators only");

const toConfigMessage = (config: DirectorySettings): organisationV1.DirectoryConfig => ({ ...config });

const toEntryMessage = (row: DirectoryRow, config: DirectorySettings): organisationV1.DirectoryEntry =>
  directoryEntry(
    {
      id: row.account_id,
      firstName: row.first_name,
      lastName: row.last_name,
      displayName: row.display_name,
      email: row.email,
      phoneNumber: row.phone_number,
      jobTitle: row.job_title,
      company: row.company,
      city: row.city,
      isCertified: row.is_certified,
      role: row.role_name,
      joinedAt: row.joined_at,
    },
    config,
  );

export function directoryHandlers(deps: OrganisationDeps): DirectoryHandlers {
  return {
    /**
     * The directory as every reader sees it, administrators included: the config decides who may
     * read it (403 for ADMINS_ONLY to others), whether search is allowed (400 on `search` when not)
     * and whether email and phone show.
     */
    async listDirectory(request, ctx) {
      const input = validate(listInput, request);
      const page = parsePageQuery(request, { sortable: DIRECTORY_SORT_FIELDS, defaultSort: { field: 'lastName', direction: 'asc' } });
      const saved = await findDirectoryConfigOfLiveOrganization(deps.db, input.organizationId);
      if (saved === undefined) throw organizationNotFound();
      const config = effectiveDirectoryConfig(saved);
      if (!mayReadDirectory(ctx.caller, config.visibility)) throw adminsOnly();
      const words = searchWords(input.search);
      if (words.length > 0 && !config.allowMemberSearch) throw searchNotAllowed();
      const { rows, total } = await queryDirectory(deps.db, {
        organizationId: input.organizationId,
        words,
        searchEmail: config.showEmail,
        sort: page.sort,
        skip: page.skip,
        take: page.take,
      });
      return pagedEnvelope(
        rows.map((row) => toEntryMessage(row, config)),
        total,
        page,
      );
    },

    async getDirectoryConfig(request) {
      const { organizationId } = validate(byOrganization, request);
      const saved = await findDirectoryConfigOfLiveOrganization(deps.db, organizationId);
      if (saved === undefined) throw organizationNotFound();
      return toConfigMessage(effectiveDirectoryConfig(saved));
    },

    /** Saves the settings given and audits what changed (DIRECTORY_CONFIG_UPDATED). */
    async updateDirectoryConfig(request, ctx) {
      const { organizationId, ...change } = validate(updateInput, request);
      const saved = await updateDirectoryConfig(deps, ctx, organizationId, change);
      return toConfigMessage(saved);
    },
  };
}
