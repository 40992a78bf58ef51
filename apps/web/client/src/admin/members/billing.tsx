import { useTranslation } from 'react-i18next';
import { DataTable, DateField, List, SelectInput, Show, SimpleList, SimpleShowLayout, TextField } from 'react-admin';
import { DateText, MoneyField, useIsSmall } from './common';
import { formatMoney } from './money';
import { useLoadError } from '../core/use-load-error';

/** Invoices of memberships, read-only (the platform issues them). */
export function InvoiceList() {
  const { t, i18n } = useTranslation('admin');
  const small = useIsSmall();
  const choices = ['ISSUED', 'PAID', 'VOID'].map((id) => ({ id, name: t(`billing.status.${id}`, { defaultValue: id }) }));
  return (
    <List filters={[<SelectInput key="status" source="status" choices={choices} alwaysOn />]} sort={{ field: 'issuedAt', order: 'DESC' }}>
      {small ? (
        <SimpleList
          primaryText={(record) => `#${String(record['number'] ?? '')} ${String(record['description'] ?? '')}`}
          secondaryText={(record) => formatMoney(record['amount'] as number, record['currency'] as string, i18n.language)}
          linkType={false}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
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
  const { i18n } = useTranslation('admin');
  const small = useIsSmall();
  return (
    <List exporter={false}>
      {small ? (
        <SimpleList
          primaryText={(record) => formatMoney(record['amount'] as number, record['currency'] as string, i18n.language)}
          secondaryText={(record) => String(record['status'] ?? '')}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
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
