import { useTranslation } from 'react-i18next';
import {
  BooleanInput,
  Create,
  DataTable,
  DateField,
  DeleteButton,
  EmailField,
  List,
  NumberInput,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleList,
  SimpleShowLayout,
  TextField,
  TextInput,
  email,
  minValue,
  regex,
  required,
  useRecordContext,
} from 'react-admin';
import { DateText, useIsSmall } from '../members/common';
import { useLoadError } from '../core/use-load-error';

export function OrganisationList() {
  const { t } = useTranslation('admin');
  const small = useIsSmall();
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={t('platform.organisations.search')} />]}
      sort={{ field: 'name', order: 'ASC' }}
      exporter={false}
    >
      {small ? (
        <SimpleList primaryText={(record) => String(record['name'] ?? '')} secondaryText={(record) => String(record['slug'] ?? '')} linkType="show" />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col source="slug" />
          <DataTable.Col source="email" disableSort field={EmailField} />
          <DataTable.Col source="orgType" disableSort />
          <DataTable.Col source="createdAt" render={(record) => <DateText value={record['createdAt'] as string} />} />
        </DataTable>
      )}
    </List>
  );
}

export function OrganisationShow() {
  const onError = useLoadError();
  return (
    <Show queryOptions={{ onError }}>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="slug" />
        <TextField source="subdomain" />
        <EmailField source="email" />
        <TextField source="orgType" />
        <TextField source="description" />
        <TextField source="website_url" />
        <DateField source="createdAt" />
      </SimpleShowLayout>
    </Show>
  );
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A new organisation with its owner in one step (an account is made for a new address). */
export function OrganisationCreate() {
  const { t } = useTranslation('admin');
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ sendWelcomeEmail: true }}>
        <TextInput source="orgName" validate={required()} />
        <TextInput
          source="orgSlug"
          validate={[required(), regex(SLUG, t('platform.organisations.slugRule'))]}
          helperText={t('platform.organisations.slugHelp')}
        />
        <TextInput source="ownerEmail" type="email" validate={[required(), email()]} />
        <TextInput source="ownerFirstName" validate={required()} />
        <TextInput source="ownerLastName" validate={required()} />
        <BooleanInput source="sendWelcomeEmail" />
      </SimpleForm>
    </Create>
  );
}

function CancelCreationInvitation() {
  const { t } = useTranslation('admin');
  const record = useRecordContext();
  if (!record || record['status'] !== 'PENDING') return null;
  return (
    <DeleteButton
      label={t('invitations.cancel')}
      mutationMode="pessimistic"
      confirmTitle={t('invitations.cancelTitle')}
      confirmContent={t('invitations.cancelContent')}
      redirect={false}
    />
  );
}

export function CreationInvitationList() {
  const { t } = useTranslation('admin');
  const small = useIsSmall();
  const choices = ['PENDING', 'USED', 'EXPIRED', 'CANCELLED'].map((id) => ({ id, name: t(`platform.creationInvitations.status.${id}`) }));
  return (
    <List filters={[<SelectInput key="status" source="status" choices={choices} alwaysOn />]} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      {small ? (
        <SimpleList
          primaryText={(record) => String(record['orgName'] ?? '')}
          secondaryText={(record) => String(record['email'] ?? '')}
          tertiaryText={() => <CancelCreationInvitation />}
          linkType={false}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="orgName" disableSort />
          <DataTable.Col source="email" />
          <DataTable.Col source="status" disableSort />
          <DataTable.Col source="createdAt" render={(record) => <DateText value={record['createdAt'] as string} />} />
          <DataTable.Col source="expiresAt" render={(record) => <DateText value={record['expiresAt'] as string} />} />
          <DataTable.Col label={t('invitations.actions')} disableSort>
            <CancelCreationInvitation />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

/** Inviting someone by email to create their organisation themselves. */
export function CreationInvitationCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ expiresInDays: 7 }}>
        <TextInput source="email" type="email" validate={[required(), email()]} />
        <TextInput source="orgName" validate={required()} />
        <NumberInput source="expiresInDays" validate={[required(), minValue(1)]} />
      </SimpleForm>
    </Create>
  );
}

export function SubscriptionList() {
  const small = useIsSmall();
  return (
    <List exporter={false}>
      {small ? (
        <SimpleList
          primaryText={(record) => String(record['organizationName'] ?? '')}
          secondaryText={(record) => `${String(record['plan'] ?? '')} · ${String(record['status'] ?? '')}`}
          linkType={false}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="organizationName" disableSort />
          <DataTable.Col source="plan" disableSort />
          <DataTable.Col source="status" disableSort />
          <DataTable.Col source="memberCount" disableSort />
          <DataTable.Col source="since" render={(record) => <DateText value={record['since'] as string} />} />
        </DataTable>
      )}
    </List>
  );
}
