import { searchForm } from './search-text';

export const COMPANY_STATUSES = ['PUBLISHED', 'DRAFT'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export const isCompanyStatus = (value: string): value is CompanyStatus => (COMPANY_STATUSES as readonly string[]).includes(value);

export const companyNameSearch = (name: string): string => searchForm(name);
