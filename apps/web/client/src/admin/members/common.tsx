import { useTranslation } from 'react-i18next';
import { useMediaQuery, type Theme } from '@mui/material';
import { FunctionField, useRecordContext, type RaRecord } from 'react-admin';
import { formatMoney } from './money';

/** Whether the window is phone-sized (lists show a simple list there instead of a table). */
export function useIsSmall(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
}

/** A membership status in words. */
export function StatusText({ status }: { status?: string }) {
  const { t } = useTranslation('admin');
  if (!status) return null;
  return <>{t(`memberStatus.${status}`, { defaultValue: status })}</>;
}

/** The record's amount in its currency (`amount`/`price` and `currency` fields by default). */
export function MoneyField({ source, label }: { source: string; label?: string }) {
  const { i18n } = useTranslation('admin');
  return (
    <FunctionField
      source={source}
      label={label}
      render={(record: RaRecord) => formatMoney(record[source] as number | null, record['currency'] as string | undefined, i18n.language)}
    />
  );
}

/** A person's name from the record (first and last name, else the email). */
export function personName(record: RaRecord | undefined): string {
  if (!record) return '';
  return [record['firstName'], record['lastName']].filter(Boolean).join(' ') || String(record['email'] ?? '');
}

export function NameField(_props: { label?: string; source?: string }) {
  const record = useRecordContext();
  return <>{personName(record)}</>;
}

/** A date (and time) in the viewer's timezone and locale (the browser's, as the member app). */
export function DateText({ value, time = false }: { value?: string | null; time?: boolean }) {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{value}</>;
  return <>{new Intl.DateTimeFormat(undefined, time ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(date)}</>;
}
