import { z } from 'zod';
import { pagedEnvelope, parsePageQuery } from '@platform/db';
import { searchTerm, uuid, validate } from '@platform/errors';
import { callerOf, type AsyncService } from '@platform/grpc-server';
import type { contentV1 } from '@platform/proto';
import type { ContentDeps } from '../deps';
import { companyNameSearch, COMPANY_STATUSES, isCompanyStatus } from '../domain/company-fields';
import { companyNotFound } from '../domain/errors';
import { searchWords } from '../domain/search-text';
import { viewerOf } from '../domain/viewer';
import { COMPANY_SORT_FIELDS, createCompany, findCompany, queryCompanies, softDeleteCompany, updateCompany, type CompanyRow } from '../store/companies';
import type { Prisma } from '../store/generated/client';
import { httpUrl, optionalEmail, shortText } from './inputs';

type CompanyHandlers = Pick<AsyncService<contentV1.ContentServiceServer>, 'listCompanies' | 'getCompany' | 'createCompany' | 'updateCompany' | 'deleteCompany'>;

const status = z.string().refine(isCompanyStatus, `must be one of ${COMPANY_STATUSES.join(', ')}`);
const companyName = z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters');
const description = z.string().max(100_000, 'must be at most 100000 characters');
const phone = shortText(50);
const ids = z.object({ organizationId: uuid, companyId: uuid });
const listInput = z.object({ organizationId: uuid, search: searchTerm, status: z.union([z.literal(''), status]) });
const createInput = z.object({
  organizationId: uuid,
  companyName,
  description,
  website: httpUrl,
  contactPhone: phone,
  contactEmail: optionalEmail,
  logoUrl: httpUrl,
  status: z.union([z.literal(''), status]),
});
const updateInput = z.object({
  organizationId: uuid,
  companyId: uuid,
  companyName: companyName.optional(),
  description: description.optional(),
  website: httpUrl.optional(),
  contactPhone: phone.optional(),
  contactEmail: optionalEmail.optional(),
  logoUrl: httpUrl.optional(),
  status: status.optional(),
});

export function toCompanyMessage(row: CompanyRow): contentV1.Company {
  return {
    id: row.id,
    organizationId: row.organizationId,
    companyName: row.companyName,
    description: row.description,
    website: row.website,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    logoUrl: row.logoUrl,
    status: row.status,
    externalId: row.externalId ?? '',
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Companies: members read PUBLISHED ones; administrators read every one and write. */
export function companyHandlers(deps: ContentDeps): CompanyHandlers {
  return {
    async listCompanies(request, ctx) {
      const input = validate(listInput, request);
      const viewer = viewerOf(callerOf(ctx));
      const page = parsePageQuery(request, { sortable: COMPANY_SORT_FIELDS, defaultSort: { field: 'companyName', direction: 'asc' } });
      const { rows, total } = await queryCompanies(deps.db, {
        organizationId: input.organizationId,
        status: viewer.manager ? input.status || undefined : 'PUBLISHED',
        words: searchWords(input.search),
        sort: page.sort,
        skip: page.skip,
        take: page.take,
      });
      return pagedEnvelope(rows.map(toCompanyMessage), total, page);
    },

    async getCompany(request, ctx) {
      const input = validate(ids, request);
      const row = await findCompany(deps.db, input.organizationId, input.companyId);
      if (!row || (row.status !== 'PUBLISHED' && !viewerOf(callerOf(ctx)).manager)) throw companyNotFound();
      return toCompanyMessage(row);
    },

    async createCompany(request) {
      const input = validate(createInput, request);
      const row = await createCompany(deps.db, {
        organizationId: input.organizationId,
        companyName: input.companyName,
        nameSearch: companyNameSearch(input.companyName),
        description: input.description,
        website: input.website,
        contactPhone: input.contactPhone,
        contactEmail: input.contactEmail,
        logoUrl: input.logoUrl,
        status: input.status || 'PUBLISHED',
      });
      return toCompanyMessage(row);
    },

    async updateCompany(request) {
      const input = validate(updateInput, request);
      const current = await findCompany(deps.db, input.organizationId, input.companyId);
      if (!current) throw companyNotFound();
      const data: Prisma.CompanyUpdateInput = {};
      if (input.companyName !== undefined) Object.assign(data, { companyName: input.companyName, nameSearch: companyNameSearch(input.companyName) });
      for (const key of ['description', 'website', 'contactPhone', 'contactEmail', 'logoUrl', 'status'] as const) {
        if (input[key] !== undefined) Object.assign(data, { [key]: input[key] });
      }
      return toCompanyMessage(await updateCompany(deps.db, current.id, data));
    },

    async deleteCompany(request) {
      const input = validate(ids, request);
      if (!(await softDeleteCompany(deps.db, input.organizationId, input.companyId, deps.now()))) throw companyNotFound();
      return {};
    },
  };
}
