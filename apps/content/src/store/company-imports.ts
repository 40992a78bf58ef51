import type { Tx } from './db';
import type { CompanyRow } from './companies';

/** The columns an import writes (what its importHash covers). */
export type ImportedCompanyFields = {
  companyName: string;
  nameSearch: string;
  description: string;
  website: string;
  contactPhone: string;
  contactEmail: string;
  logoUrl: string;
  status: string;
};

/** The organisation's live companies with these external ids, by external id. */
export async function liveCompaniesByExternalId(tx: Tx, organizationId: string, externalIds: string[]): Promise<Map<string, CompanyRow>> {
  if (externalIds.length === 0) return new Map();
  const rows = await tx.company.findMany({ where: { organizationId, externalId: { in: externalIds }, deletedAt: null } });
  return new Map(rows.map((row) => [row.externalId ?? '', row]));
}

/** New imported companies in one statement (ids chosen by the caller, so nothing is read back). */
export async function insertImportedCompanies(
  tx: Tx,
  organizationId: string,
  rows: Array<ImportedCompanyFields & { id: string; externalId: string; importHash: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.company.createMany({ data: rows.map((row) => ({ ...row, organizationId })) });
}

/** The imported fields of these companies, in one statement whatever their number. */
export async function updateImportedCompanies(tx: Tx, rows: Array<ImportedCompanyFields & { id: string; importHash: string }>, now: Date): Promise<void> {
  if (rows.length === 0) return;
  await tx.$executeRaw`
    UPDATE company AS c
       SET company_name = x."companyName", name_search = x."nameSearch", description = x.description, website = x.website,
           contact_phone = x."contactPhone", contact_email = x."contactEmail", logo_url = x."logoUrl", status = x.status,
           import_hash = x."importHash", updated_at = ${now}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
             id uuid, "companyName" text, "nameSearch" text, description text, website text, "contactPhone" text,
             "contactEmail" text, "logoUrl" text, status text, "importHash" text)
     WHERE c.id = x.id AND c.id = ANY(${rows.map((row) => row.id)}::uuid[])`;
}
