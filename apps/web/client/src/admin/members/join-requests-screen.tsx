import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { DataTable, List, SelectInput, SimpleList, useCanAccess, useNotify, useRecordContext, useRefresh, type RaRecord } from 'react-admin';
import { Box, Button } from '@mui/material';
import { api } from '../../api/platform';
import { problemMessage } from '../../api/problem-message';
import { useOrganisationId } from '../core/organisation';
import { DateText, personName, useIsSmall } from './common';

const STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;

function Decide() {
  const { t } = useTranslation('admin');
  const record = useRecordContext();
  const organisationId = useOrganisationId();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const { canAccess } = useCanAccess({ resource: 'join-requests', action: 'approve', record });
  const [busy, setBusy] = useState(false);
  if (!record || record['status'] !== 'PENDING' || !canAccess || !organisationId) return null;
  const path = { organizationId: organisationId, requestId: String(record.id) };
  const decide = async (decision: 'approve' | 'reject') => {
    setBusy(true);
    const { error, response } =
      decision === 'approve'
        ? await api.POST('/api/orgs/{organizationId}/join-requests/{requestId}/approve', { params: { path } })
        : await api.POST('/api/orgs/{organizationId}/join-requests/{requestId}/reject', { params: { path } });
    setBusy(false);
    if (response.ok) {
      notify(decision === 'approve' ? t('joinRequests.approved', { name: personName(record) }) : t('joinRequests.rejected', { name: personName(record) }), {
        type: 'success',
      });
      void queryClient.invalidateQueries({ queryKey: ['join-requests-pending'] });
      refresh();
      return;
    }
    const problem = problemMessage(error, response);
    notify(problem.requestId ? t('errors.withRequestId', { message: problem.message, requestId: problem.requestId }) : problem.message, { type: 'error' });
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} onClick={(e) => e.stopPropagation()}>
      <Button
        size="small"
        variant="contained"
        disabled={busy}
        onClick={() => decide('approve')}
        aria-label={t('joinRequests.approveName', { name: personName(record) })}
      >
        {t('joinRequests.approve')}
      </Button>
      <Button
        size="small"
        color="error"
        disabled={busy}
        onClick={() => decide('reject')}
        aria-label={t('joinRequests.rejectName', { name: personName(record) })}
      >
        {t('joinRequests.reject')}
      </Button>
    </Box>
  );
}

export function JoinRequestList() {
  const { t } = useTranslation('admin');
  const small = useIsSmall();
  const choices = STATUSES.map((status) => ({ id: status, name: t(`joinRequests.status.${status}`) }));
  return (
    <List
      filters={[<SelectInput key="status" source="status" choices={choices} alwaysOn />]}
      filterDefaultValues={{ status: 'PENDING' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
    >
      {small ? (
        <SimpleList
          primaryText={(record) => personName(record)}
          secondaryText={(record) => String(record['email'] ?? '')}
          tertiaryText={() => <Decide />}
          linkType={false}
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="lastName" disableSort render={(record) => personName(record as RaRecord)} />
          <DataTable.Col source="email" />
          <DataTable.Col source="message" disableSort />
          <DataTable.Col source="createdAt" render={(record) => <DateText value={record['createdAt'] as string} time />} />
          <DataTable.Col
            source="status"
            disableSort
            render={(record) => t(`joinRequests.status.${String(record['status'])}`, { defaultValue: String(record['status']) })}
          />
          <DataTable.Col label={t('joinRequests.decision')} disableSort>
            <Decide />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
