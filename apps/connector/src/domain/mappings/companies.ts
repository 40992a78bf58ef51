import type { contentV1 } from '@platform/proto';
import { fieldReader, type SourceRecord } from './field-mappings';
import { failed, upsert, type Mapped } from './mapped';
import { externalIdOf, text } from './values';

/**
 * A post of `/sync/companies` → content's ImportedCompany (spec 2 Company row): post_title
 * companyName, post_content description, _company_url website, _company_phone contactPhone,
 * _company_email contactEmail, featured image logoUrl, post_status status (`publish` PUBLISHED,
 * anything else DRAFT: the spec names no other value).
 */
export function mapCompany(record: SourceRecord, mappings: Readonly<Record<string, string>>): Mapped<contentV1.ImportedCompany> {
  const externalId = externalIdOf(record);
  if (!externalId) return failed('', 'the record has no id');
  const read = fieldReader(record, 'COMPANIES', mappings);
  return upsert(externalId, {
    externalId,
    companyName: text(read('companyName', 'post_title')),
    description: text(read('description', 'post_content')),
    website: text(read('website', '_company_url')),
    contactPhone: text(read('contactPhone', '_company_phone')),
    contactEmail: text(read('contactEmail', '_company_email')),
    logoUrl: text(record['featured_image_url']),
    status: text(record['post_status']) === 'publish' ? 'PUBLISHED' : 'DRAFT',
  });
}
