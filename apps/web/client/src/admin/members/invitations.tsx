import { useTranslation } from 'react-i18next';
import {
  Create,
  DataTable,
  DeleteButton,
  List,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  email,
  required,
  useRecordContext,
} from 'react-admin';
import { DateText, useIsSmall } from './common';

const STATUSES = ['PENDING', 'ACCEPTED', 'EXPIRED', 'CANCELLED'] as const;

function CancelInvitation() {
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

export function InvitationList() {
  const { t } = useTranslation('admin');
  const small = useIsSmall();
  const choices = STATUSES.map((status) => ({ id: status, name: t(`invitations.status.${status}`) }));
  const status = (value: unknown) => t(`invitations.status.${String(value)}`, { defaultValue: String(value ?? '') });
  return (
    <List filters={[<SelectInput key="status" source="status" choices={choices} alwaysOn />]} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      {small ? (
        <SimpleList
          primaryText={(record) => String(record['email'] ?? '')}
          secondaryText={(record) => status(record['status'])}
          tertiaryText={() => <CancelInvitation />}
          linkType={false}
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="email" />
          <DataTable.Col source="role" disableSort />
          <DataTable.Col source="status" disableSort render={(record) => status(record['status'])} />
          <DataTable.Col source="createdAt" render={(record) => <DateText value={record['createdAt'] as string} />} />
          <DataTable.Col source="expiresAt" disableSort render={(record) => <DateText value={record['expiresAt'] as string} />} />
          <DataTable.Col label={t('invitations.actions')} disableSort>
            <CancelInvitation />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

/** Inviting someone by email to join with a role (they accept from the email's link). */
export function InvitationCreate() {
  return (
    <Create redirect="list">
      <SimpleForm>
        <TextInput source="email" type="email" validate={[required(), email()]} fullWidth />
        <ReferenceInput source="roleId" reference="roles">
          <SelectInput optionText="name" validate={required()} />
        </ReferenceInput>
        <TextInput source="message" multiline fullWidth />
      </SimpleForm>
    </Create>
  );
}
