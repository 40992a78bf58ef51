import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanAccess, useGetList, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { api } from '../../api/platform';
import { problemMessage } from '../../api/problem-message';
import { useOrganisationId } from '../core/organisation';
import { DateText } from './common';
import { formatMoney } from './money';

interface Assignment {
  membershipTypeId?: string;
  startDate?: string;
  endDate?: string;
  status?: string;
  membershipType?: { name?: string; price?: number | null; currency?: string } | null;
}

/** The member's membership: what they hold until when, assigning a type, renewing it. */
export function MembershipPanel() {
  const { t, i18n } = useTranslation('admin');
  const record = useRecordContext();
  const organisationId = useOrganisationId();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'members', action: 'edit' });
  const types = useGetList('membership-types', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  const [typeId, setTypeId] = useState('');
  const [startDate, setStartDate] = useState(() => new Date().toISOString().slice(0, 10));
  const [busy, setBusy] = useState(false);
  if (!record || !organisationId) return null;
  const membership = record['membership'] as Assignment | null | undefined;
  const path = { organizationId: organisationId, userId: String(record.id) };

  const done = (ok: boolean, error: unknown, response: Response, message: string) => {
    setBusy(false);
    if (ok) {
      notify(message, { type: 'success' });
      refresh();
      return;
    }
    const problem = problemMessage(error, response);
    notify(problem.requestId ? t('errors.withRequestId', { message: problem.message, requestId: problem.requestId }) : problem.message, { type: 'error' });
  };

  const assign = async (event: FormEvent) => {
    event.preventDefault();
    if (!typeId) return;
    setBusy(true);
    const { error, response } = await api.POST('/api/orgs/{organizationId}/users/{userId}/membership', {
      params: { path },
      body: { membershipTypeId: typeId, startDate },
    });
    done(response.ok, error, response, t('membership.assigned'));
  };
  const renew = async () => {
    setBusy(true);
    const { error, response } = await api.POST('/api/orgs/{organizationId}/users/{userId}/membership/renew', { params: { path } });
    done(response.ok, error, response, t('membership.renewed'));
  };

  return (
    <Box component="section" aria-labelledby="membership-title" sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="h6" component="h2" id="membership-title" gutterBottom>
        {t('membership.title')}
      </Typography>
      {membership?.membershipTypeId ? (
        <Box sx={{ mb: 2 }} data-testid="membership-current">
          <Typography>
            {membership.membershipType?.name} · {formatMoney(membership.membershipType?.price, membership.membershipType?.currency, i18n.language)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('membership.period')} <DateText value={membership.startDate} /> – <DateText value={membership.endDate} /> ({membership.status})
          </Typography>
          {canAccess ? (
            <Button sx={{ mt: 1 }} variant="outlined" onClick={renew} disabled={busy}>
              {t('membership.renew')}
            </Button>
          ) : null}
        </Box>
      ) : (
        <Typography sx={{ mb: 2 }} color="text.secondary">
          {t('membership.none')}
        </Typography>
      )}
      {canAccess ? (
        types.data && types.data.length > 0 ? (
          <Box component="form" onSubmit={assign} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <TextField
              select
              label={t('membership.type')}
              value={typeId}
              onChange={(e) => setTypeId(e.target.value)}
              sx={{ minWidth: 220 }}
              size="small"
              required
            >
              {types.data.map((type) => (
                <MenuItem key={type.id} value={String(type.id)}>
                  {String(type['name'])} · {formatMoney(type['price'] as number, type['currency'] as string, i18n.language)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="date"
              label={t('membership.startDate')}
              value={startDate}
              onChange={(e) => setStartDate(e.target.value)}
              size="small"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button type="submit" variant="contained" disabled={busy || !typeId}>
              {t('membership.assign')}
            </Button>
          </Box>
        ) : types.data ? (
          <Alert severity="info">{t('membership.noTypes')}</Alert>
        ) : null
      ) : null}
    </Box>
  );
}
