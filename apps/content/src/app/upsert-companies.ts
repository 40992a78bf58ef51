import type { contentV1 } from '@platform/proto';
import type { ContentDeps } from '../deps';
import { companyNameSearch } from '../domain/company-fields';
import { externalIdProblem, importDecision, importHash, type UpsertResult } from '@platform/imports';

/** The connector's batch upsert of companies by external_id, in one transaction (see upsertArticles). */
export function upsertCompanies(deps: ContentDeps, organizationId: string, records: contentV1.ImportedCompany[]): Promise<UpsertResult[]> {
  return deps.db.$transaction(
    async (tx) => {
      const existing = new Map(
        (await tx.company.findMany({ where: { organizationId, externalId: { in: records.map((r) => r.externalId) }, deletedAt: null } })).map((c) => [
          c.externalId,
          c,
        ]),
      );
      const seen = new Set<string>();
      const results: UpsertResult[] = [];
      for (const record of records) {
        const name = record.companyName.trim();
        const problem =
          externalIdProblem(record.externalId, seen) ??
          (name === '' ? 'companyName is required' : name.length > 200 ? 'companyName must be at most 200 characters' : undefined);
        if (problem) {
          results.push({ externalId: record.externalId, action: 'ERROR', id: '', error: problem });
          continue;
        }
        const fields = {
          companyName: name,
          nameSearch: companyNameSearch(name),
          description: record.description,
          website: record.website.trim(),
          contactPhone: record.contactPhone.trim(),
          contactEmail: record.contactEmail.trim(),
          logoUrl: record.logoUrl.trim(),
          status: record.status === 'PUBLISHED' ? 'PUBLISHED' : 'DRAFT',
        };
        const current = existing.get(record.externalId);
        if (!current) {
          const row = await tx.company.create({ data: { ...fields, organizationId, externalId: record.externalId, importHash: importHash(fields) } });
          results.push({ externalId: record.externalId, action: 'CREATE', id: row.id, error: '' });
        } else {
          const decision = importDecision(current as unknown as Record<string, unknown>, fields, current.importHash);
          if (decision.action === 'UPDATE') await tx.company.update({ where: { id: current.id }, data: { ...fields, importHash: decision.hash } });
          else if (decision.hash !== current.importHash) await tx.company.update({ where: { id: current.id }, data: { importHash: decision.hash } });
          results.push({ externalId: record.externalId, action: decision.action, id: current.id, error: '' });
        }
      }
      return results;
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}
