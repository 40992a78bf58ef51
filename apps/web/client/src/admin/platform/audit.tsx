import { useTranslation } from 'react-i18next';
import { DataTable, DateInput, List, SimpleList, TextInput } from 'react-admin';
import { DateText, useIsSmall } from '../members/common';

/** The audit log: who did what, where and when, filtered by action, person, organisation and dates. */
export function AuditLogList() {
  const { t } = useTranslation('admin');
  const small = useIsSmall();
  const filters = [
    <TextInput key="action" source="action" alwaysOn />,
    <TextInput key="userId" source="userId" />,
    <TextInput key="organizationId" source="organizationId" />,
    <DateInput key="from" source="from" />,
    <DateInput key="to" source="to" />,
  ];
  return (
    <List filters={filters} exporter={false} perPage={50} title={t('platform.audit.title')}>
      {small ? (
        <SimpleList
          primaryText={(record) => String(record['action'] ?? '')}
          secondaryText={(record) => String(record['userEmail'] ?? '')}
          tertiaryText={(record) => <DateText value={record['createdAt'] as string} time />}
          linkType={false}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="createdAt" disableSort render={(record) => <DateText value={record['createdAt'] as string} time />} />
          <DataTable.Col source="action" disableSort />
          <DataTable.Col source="userEmail" disableSort />
          <DataTable.Col source="resourceType" disableSort />
          <DataTable.Col source="resourceId" disableSort />
          <DataTable.Col source="ipAddress" disableSort />
        </DataTable>
      )}
    </List>
  );
}
