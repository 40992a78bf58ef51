import { useTranslation } from 'react-i18next';
import {
  BooleanInput,
  Create,
  DataTable,
  DateInput,
  DeleteButton,
  Edit,
  EmailField,
  FunctionField,
  List,
  ReferenceInput,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  Toolbar,
  downloadCSV,
  email,
  required,
  useRecordContext,
  type Exporter,
  type RaRecord,
} from 'react-admin';
import { Box, Typography } from '@mui/material';
import { DateText, StatusText, personName, useIsSmall } from './common';
import { MembershipPanel } from './membership-panel';
import { useLoadError } from '../core/use-load-error';

export const MEMBER_STATUSES = ['ACTIVE', 'PENDING', 'SUSPENDED', 'INACTIVE'] as const;

function useStatusChoices() {
  const { t } = useTranslation('admin');
  return MEMBER_STATUSES.map((status) => ({ id: status, name: t(`memberStatus.${status}`) }));
}

/** A CSV cell: quoted when it holds a separator, a quote or a line break; formulas defused. */
function cell(value: unknown): string {
  let text = value === undefined || value === null ? '' : Array.isArray(value) ? value.join(' ') : String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const EXPORT_COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'roles',
  'status',
  'joinedAt',
  'phoneNumber',
  'company',
  'jobTitle',
  'city',
  'membershipRenewalDate',
] as const;

/** The CSV of the filtered list (react-admin fetches every page of the current filter for it). */
export const membersExporter: Exporter = (records: RaRecord[]) => {
  const lines = [EXPORT_COLUMNS.join(','), ...records.map((record) => EXPORT_COLUMNS.map((column) => cell(record[column])).join(','))];
  downloadCSV(lines.join('\n'), 'members');
};

function MemberFilters() {
  const { t } = useTranslation('admin');
  const choices = useStatusChoices();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('members.search')} />,
    <SelectInput key="status" source="status" choices={choices} alwaysOn />,
  ];
}

export function MemberList() {
  const small = useIsSmall();
  return (
    <List filters={MemberFilters()} sort={{ field: 'lastName', order: 'ASC' }} perPage={25} exporter={membersExporter}>
      {small ? (
        <SimpleList
          primaryText={(record) => personName(record)}
          secondaryText={(record) => String(record['email'] ?? '')}
          tertiaryText={(record) => <StatusText status={record['status'] as string} />}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="lastName" />
          <DataTable.Col source="firstName" />
          <DataTable.Col source="email" field={EmailField} />
          <DataTable.Col source="roles" disableSort render={(record) => ((record['roles'] as string[] | undefined) ?? []).join(', ')} />
          <DataTable.Col source="status" disableSort render={(record) => <StatusText status={record['status'] as string} />} />
          <DataTable.Col source="joinedAt" render={(record) => <DateText value={record['joinedAt'] as string} />} />
        </DataTable>
      )}
    </List>
  );
}

/** The role, chosen among the organisation's roles (their ids are what the API takes). */
function RoleInput({ source = 'roleId' }: { source?: string }) {
  return (
    <ReferenceInput source={source} reference="roles">
      <SelectInput optionText="name" validate={required()} />
    </ReferenceInput>
  );
}

/** Adding someone: attached at once (an account is made when the address is new), or invited by email to accept. */
export function MemberCreate() {
  const { t } = useTranslation('admin');
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ sendInvitationEmail: true }}>
        <TextInput source="email" type="email" validate={[required(), email()]} fullWidth />
        <TextInput source="firstName" validate={required()} />
        <TextInput source="lastName" validate={required()} />
        <RoleInput />
        <BooleanInput source="sendInvitationEmail" helperText={t('members.sendInvitationHelp')} />
      </SimpleForm>
    </Create>
  );
}

function MemberTitle() {
  const record = useRecordContext();
  return <>{personName(record)}</>;
}

function MemberEditToolbar() {
  const { t } = useTranslation('admin');
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton
        label={t('members.remove')}
        mutationMode="pessimistic"
        confirmTitle={t('members.removeTitle')}
        confirmContent={t('members.removeContent')}
      />
    </Toolbar>
  );
}

/** One member: role and status, profile fields, and the membership (assignment and renewal). */
export function MemberEdit() {
  const onError = useLoadError();
  const { t } = useTranslation('admin');
  const choices = useStatusChoices();
  return (
    <Edit title={<MemberTitle />} queryOptions={{ onError }} mutationMode="pessimistic" redirect={false}>
      {/* The form first shows the list's copy of the member, then the full record: what was typed meanwhile stays. */}
      <SimpleForm toolbar={<MemberEditToolbar />} resetOptions={{ keepDirtyValues: true }}>
        <FunctionField render={(record) => <Typography variant="body2">{String(record['email'] ?? '')}</Typography>} />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
          <RoleInput />
          <SelectInput source="status" choices={choices} validate={required()} />
        </Box>
        <Typography variant="h6" component="h2">
          {t('members.profile')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
          <TextInput source="firstName" />
          <TextInput source="lastName" />
          <TextInput source="displayName" />
          <TextInput source="phoneNumber" />
          <TextInput source="jobTitle" />
          <TextInput source="company" />
          <DateInput source="dateOfBirth" />
          <TextInput source="addressLine1" />
          <TextInput source="postalCode" />
          <TextInput source="city" />
          <TextInput source="externalId" />
        </Box>
        <BooleanInput source="isCertified" />
        <BooleanInput source="isExcludedFromListing" />
      </SimpleForm>
      <MembershipPanel />
    </Edit>
  );
}
