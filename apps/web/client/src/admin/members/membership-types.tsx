import { useTranslation } from 'react-i18next';
import {
  ArrayInput,
  Create,
  DataTable,
  Edit,
  List,
  NumberInput,
  SimpleForm,
  SimpleFormIterator,
  SimpleList,
  TextInput,
  minValue,
  required,
  type RaRecord,
} from 'react-admin';
import { MoneyField, useIsSmall } from './common';
import { formatMoney, priceForApi, priceProblem } from './money';
import { useLoadError } from '../core/use-load-error';

const CURRENCIES = ['EUR', 'GBP', 'USD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'JPY'];

/** The form's values as the API takes them: the price as its exact decimal text. */
const toApi = (data: RaRecord) => ({ ...data, price: priceForApi(data['price']), currency: String(data['currency'] ?? '').toUpperCase() });

function usePriceValidation() {
  const { t } = useTranslation('admin');
  return (value: unknown, values: RaRecord) => {
    const problem = priceProblem(value, values['currency'] as string | undefined);
    return problem ? t(`membershipTypes.price.${problem}`, { currency: values['currency'] }) : undefined;
  };
}

function MembershipTypeForm() {
  const { t } = useTranslation('admin');
  const validatePrice = usePriceValidation();
  return (
    <SimpleForm defaultValues={{ currency: 'EUR', durationMonths: 12 }}>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="description" multiline fullWidth />
      <TextInput
        source="price"
        validate={[required(), validatePrice]}
        inputMode="decimal"
        helperText={t('membershipTypes.priceHelp')}
        format={(value: unknown) => (value === undefined || value === null ? '' : String(value))}
      />
      <TextInput source="currency" validate={required()} helperText={t('membershipTypes.currencyHelp', { examples: CURRENCIES.slice(0, 4).join(', ') })} />
      <NumberInput source="durationMonths" validate={[required(), minValue(1)]} step={1} />
      <ArrayInput source="benefits">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="" label={t('membershipTypes.benefit')} helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}

export function MembershipTypeList() {
  const small = useIsSmall();
  const { i18n } = useTranslation('admin');
  return (
    <List sort={{ field: 'name', order: 'ASC' }} exporter={false} pagination={false}>
      {small ? (
        <SimpleList
          primaryText={(record) => String(record['name'] ?? '')}
          secondaryText={(record) => formatMoney(record['price'] as number, record['currency'] as string, i18n.language)}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col source="price" field={MoneyField} />
          <DataTable.Col source="durationMonths" />
          <DataTable.Col source="description" disableSort />
        </DataTable>
      )}
    </List>
  );
}

export function MembershipTypeCreate() {
  return (
    <Create redirect="list" transform={toApi}>
      <MembershipTypeForm />
    </Create>
  );
}

export function MembershipTypeEdit() {
  const onError = useLoadError();
  return (
    <Edit mutationMode="pessimistic" queryOptions={{ onError }} transform={toApi} redirect="list">
      <MembershipTypeForm />
    </Edit>
  );
}
