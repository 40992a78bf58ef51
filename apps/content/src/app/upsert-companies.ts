import { randomUUID } from 'node:crypto';
import type { contentV1 } from '@platform/proto';
import type { ContentDeps } from '../deps';
import { companyNameSearch } from '../domain/company-fields';
import { externalIdProblem, importDecision, importHash, type UpsertResult } from '@platform/imports';
import { insertImportedCompanies, liveCompaniesByExternalId, updateImportedCompanies, type ImportedCompanyFields } from '../store/company-imports';
import { storeImportHashes } from '../store/import-hashes';

function companyFields(record: contentV1.ImportedCompany, name: string): ImportedCompanyFields {
  return {
    companyName: name,
    nameSearch: companyNameSearch(name),
    description: record.description,
    website: record.website.trim(),
    contactPhone: record.contactPhone.trim(),
    contactEmail: record.contactEmail.trim(),
    logoUrl: record.logoUrl.trim(),
    status: record.status === 'PUBLISHED' ? 'PUBLISHED' : 'DRAFT',
  };
}

/** The connector's batch upsert of companies by external_id, in one transaction, set-based (see upsertArticles). */
export function upsertCompanies(deps: ContentDeps, organizationId: string, records: contentV1.ImportedCompany[]): Promise<UpsertResult[]> {
  return deps.db.$transaction(
    async (tx) => {
      const now = deps.now();
      const existing = await liveCompaniesByExternalId(
        tx,
        organizationId,
        records.map((r) => r.externalId),
      );
      const created: Array<ImportedCompanyFields & { id: string; externalId: string; importHash: string }> = [];
      const changed: Array<ImportedCompanyFields & { id: string; importHash: string }> = [];
      const rehashed: Array<{ id: string; importHash: string }> = [];
      const seen = new Set<string>();
      const results = records.map((record): UpsertResult => {
        const { externalId } = record;
        const name = record.companyName.trim();
        const problem =
          externalIdProblem(externalId, seen) ??
          (name === '' ? 'companyName is required' : name.length > 200 ? 'companyName must be at most 200 characters' : undefined);
        if (problem) return { externalId, action: 'ERROR', id: '', error: problem };
        const fields = companyFields(record, name);
        const current = existing.get(externalId);
        if (!current) {
          const id = randomUUID();
          created.push({ ...fields, id, externalId, importHash: importHash(fields) });
          return { externalId, action: 'CREATE', id, error: '' };
        }
        const decision = importDecision(current as unknown as Record<string, unknown>, fields, current.importHash);
        if (decision.action === 'UPDATE') changed.push({ ...fields, id: current.id, importHash: decision.hash });
        else if (decision.hash !== current.importHash) rehashed.push({ id: current.id, importHash: decision.hash });
        return { externalId, action: decision.action, id: current.id, error: '' };
      });
      await updateImportedCompanies(tx, changed, now);
      await storeImportHashes(tx, 'company', rehashed, now);
      await insertImportedCompanies(tx, organizationId, created);
      return results;
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}
