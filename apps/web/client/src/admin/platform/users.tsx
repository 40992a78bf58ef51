import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Create,
  DataTable,
  DateField,
  Edit,
  EmailField,
  List,
  PasswordInput,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleList,
  SimpleShowLayout,
  TextField,
  TextInput,
  email,
  required,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { Box, Button, List as MuiList, ListItem, ListItemText, MenuItem, TextField as MuiTextField, Typography } from '@mui/material';
import { api } from '../../api/platform';
import { problemMessage } from '../../api/problem-message';
import { DateText, personName, useIsSmall } from '../members/common';
import { useLoadError } from '../core/use-load-error';

export const ACCOUNT_STATUSES = ['ACTIVE', 'SUSPENDED', 'BANNED', 'DEACTIVATED', 'PENDING_VERIFICATION'] as const;
export const SYSTEM_ROLES = ['SUPER_ADMIN', 'PLATFORM_ADMIN', 'SUPPORT_ADMIN', 'READ_ONLY_ADMIN'] as const;

function useChoices(prefix: string, values: readonly string[]) {
  const { t } = useTranslation('admin');
  return values.map((id) => ({ id, name: t(`${prefix}.${id}`, { defaultValue: id }) }));
}

/** Every person across organisations, one row per membership. */
export function UserList() {
  const { t } = useTranslation('admin');
  const small = useIsSmall();
  const accountStatuses = useChoices('platform.accountStatus', ACCOUNT_STATUSES);
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('members.search')} />,
    <SelectInput key="accountStatus" source="accountStatus" choices={accountStatuses} alwaysOn />,
  ];
  return (
    <List filters={filters} sort={{ field: 'lastName', order: 'ASC' }}>
      {small ? (
        <SimpleList
          primaryText={(record) => personName(record)}
          secondaryText={(record) => `${String(record['email'] ?? '')} · ${String(record['organizationName'] ?? '')}`}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="lastName" />
          <DataTable.Col source="firstName" />
          <DataTable.Col source="email" field={EmailField} />
          <DataTable.Col source="organizationName" disableSort />
          <DataTable.Col source="roles" disableSort render={(record) => ((record['roles'] as string[] | undefined) ?? []).join(', ')} />
          <DataTable.Col source="accountStatus" disableSort />
        </DataTable>
      )}
    </List>
  );
}

interface Membership {
  organizationId?: string;
  organizationName?: string;
  roles?: string[];
  status?: string;
}

/** Suspending, banning or re-activating an account, with the reason kept in the audit log. */
function AccountStatusAction() {
  const { t } = useTranslation('admin');
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'status' });
  const choices = useChoices('platform.accountStatus', ACCOUNT_STATUSES.slice(0, 3));
  const [status, setStatus] = useState('');
  const [reason, setReason] = useState('');
  if (!record || !canAccess) return null;
  const submit = async () => {
    const { error, response } = await api.PUT('/api/admin/users/{userId}/status', {
      params: { path: { userId: String(record.id) } },
      body: { status, reason },
    });
    if (response.ok) {
      notify(t('platform.users.statusChanged'), { type: 'success' });
      refresh();
      return;
    }
    const problem = problemMessage(error, response);
    notify(problem.requestId ? t('errors.withRequestId', { message: problem.message, requestId: problem.requestId }) : problem.message, { type: 'error' });
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <MuiTextField select size="small" label={t('platform.users.newStatus')} value={status} onChange={(e) => setStatus(e.target.value)} sx={{ minWidth: 180 }}>
        {choices.map((choice) => (
          <MenuItem key={choice.id} value={choice.id}>
            {choice.name}
          </MenuItem>
        ))}
      </MuiTextField>
      <MuiTextField size="small" label={t('platform.users.reason')} value={reason} onChange={(e) => setReason(e.target.value)} />
      <Button variant="contained" disabled={!status} onClick={submit}>
        {t('platform.users.changeStatus')}
      </Button>
    </Box>
  );
}

function Memberships() {
  const { t } = useTranslation('admin');
  const record = useRecordContext();
  const memberships = (record?.['memberships'] as Membership[] | undefined) ?? [];
  return (
    <Box>
      <Typography variant="h6" component="h2">
        {t('platform.users.memberships')}
      </Typography>
      <MuiList dense>
        {memberships.map((m) => (
          <ListItem key={m.organizationId} disableGutters>
            <ListItemText primary={m.organizationName} secondary={`${(m.roles ?? []).join(', ')} · ${m.status ?? ''}`} />
          </ListItem>
        ))}
      </MuiList>
    </Box>
  );
}

export function UserShow() {
  const onError = useLoadError();
  return (
    <Show queryOptions={{ onError }}>
      <SimpleShowLayout>
        <TextField source="firstName" />
        <TextField source="lastName" />
        <EmailField source="email" />
        <TextField source="status" />
        <DateField source="createdAt" />
        <Memberships />
        <AccountStatusAction />
      </SimpleShowLayout>
    </Show>
  );
}

export function SystemUserList() {
  const small = useIsSmall();
  return (
    <List exporter={false}>
      {small ? (
        <SimpleList primaryText={(record) => personName(record)} secondaryText={(record) => String(record['systemRole'] ?? '')} linkType="edit" />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="lastName" disableSort />
          <DataTable.Col source="firstName" disableSort />
          <DataTable.Col source="email" disableSort field={EmailField} />
          <DataTable.Col source="systemRole" disableSort />
          <DataTable.Col source="status" disableSort />
          <DataTable.Col source="createdAt" disableSort render={(record) => <DateText value={record['createdAt'] as string} />} />
        </DataTable>
      )}
    </List>
  );
}

export function SystemUserCreate() {
  const roles = useChoices('platform.systemRole', SYSTEM_ROLES);
  return (
    <Create redirect="list">
      <SimpleForm>
        <TextInput source="email" type="email" validate={[required(), email()]} />
        <TextInput source="firstName" validate={required()} />
        <TextInput source="lastName" validate={required()} />
        <SelectInput source="systemRole" choices={roles} validate={required()} />
        <PasswordInput source="password" validate={required()} autoComplete="new-password" />
      </SimpleForm>
    </Create>
  );
}

/** A system user's role (the only thing the API changes of them). */
export function SystemUserEdit() {
  const onError = useLoadError();
  const roles = useChoices('platform.systemRole', SYSTEM_ROLES);
  return (
    <Edit mutationMode="pessimistic" queryOptions={{ onError }} redirect="list">
      <SimpleForm>
        <TextField source="email" />
        <SelectInput source="systemRole" choices={roles} validate={required()} />
      </SimpleForm>
    </Edit>
  );
}
