import { useTranslation } from 'react-i18next';
import { Typography } from '@mui/material';
import { DataTable, DateField, List, SelectInput, Show, SimpleList, SimpleShowLayout, TextField } from 'react-admin';
import { DateText, MoneyField, useIsSmall } from './common';
import { formatMoney } from './money';
import { useLoadError } from '../core/use-load-error';

/**
 * An empty list in words, in the text's own colour: react-admin's default empty page (its greyed
 * "No … yet") fails axe's contrast check, and these lists have no create button to offer.
 */
function BillingEmpty({ text }: { text: string }) {
  return (
    <Typography sx={{ p: 2, color: 'text.secondary' }} className="empty">
      {text}
    </Typography>
  );
}

/** Invoices of memberships, read-only (the platform issues them). */
export function InvoiceList() {
  const { t, i18n } = useTranslation('admin');
  const small = useIsSmall();
  const choices = ['ISSUED', 'PAID', 'VOID'].map((id) => ({ id, name: t(`billing.status.${id}`, { defaultValue: id }) }));
  return (
    <List filters={[<SelectInput key="status" source="status" choices={choices} alwaysOn />]} sort={{ field: 'issuedAt', order: 'DESC' }} empty={false}>
      {small ? (
        <SimpleList
          primaryText={(record) => `#${String(record['number'] ?? '')} ${String(record['description'] ?? '')}`}
          secondaryText={(record) => formatMoney(record['amount'] as number, record['currency'] as string, i18n.language)}
          linkType={false}
          empty={<BillingEmpty text={t('billing.noInvoices')} />}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false} empty={<BillingEmpty text={t('billing.noInvoices')} />}>
          <DataTable.Col source="number" />
          <DataTable.Col source="description" disableSort />
          <DataTable.Col source="amount" disableSort field={MoneyField} />
          <DataTable.Col source="status" disableSort />
          <DataTable.Col source="issuedAt" render={(record) => <DateText value={record['issuedAt'] as string} />} />
        </DataTable>
      )}
    </List>
  );
}

/** Payments received, read-only. */
export function PaymentList() {
  const { t, i18n } = useTranslation('admin');
  const small = useIsSmall();
  return (
    <List exporter={false} empty={false}>
      {small ? (
        <SimpleList
          primaryText={(record) => formatMoney(record['amount'] as number, record['currency'] as string, i18n.language)}
          secondaryText={(record) => String(record['status'] ?? '')}
          linkType="show"
          empty={<BillingEmpty text={t('billing.noPayments')} />}
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false} empty={<BillingEmpty text={t('billing.noPayments')} />}>
          <DataTable.Col source="paidAt" disableSort render={(record) => <DateText value={record['paidAt'] as string} />} />
          <DataTable.Col source="amount" disableSort field={MoneyField} />
          <DataTable.Col source="method" disableSort />
          <DataTable.Col source="status" disableSort />
          <DataTable.Col source="providerReference" disableSort />
        </DataTable>
      )}
    </List>
  );
}

export function PaymentShow() {
  const onError = useLoadError();
  return (
    <Show queryOptions={{ onError }}>
      <SimpleShowLayout>
        <MoneyField source="amount" />
        <TextField source="method" />
        <TextField source="status" />
        <TextField source="providerReference" />
        <DateField source="paidAt" showTime />
        <TextField source="invoiceId" />
      </SimpleShowLayout>
    </Show>
  );
}
