import { useId, useState } from 'react';
import { EditButton, Show, TopToolbar, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/platform';
import { unwrapCall } from '../settings/kit/call';
import { formatDateTime, formatMoney } from '../settings/kit/format';
import { currentOrganisationId } from '../settings/kit/org';
import { CONTAIN_SX, EmptyState, LoadingState, ProblemAlert, ScrollArea } from '../settings/kit/ui';
import { useMemberNames } from '../members/use-member-names';
import { REGISTRATION_STATUSES, type EventRecord } from './event-body';
import { EventStatusChip } from './event-screens';

const orgPath = () => ({ organizationId: currentOrganisationId() });

/** Publish (DRAFT) and cancel with a reason (DRAFT or PUBLISHED), beside Edit. */
function EventActions() {
  const { t } = useTranslation('adminContent');
  const record = useRecordContext<EventRecord>();
  const refresh = useRefresh();
  const notify = useNotify();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const titleId = useId();
  if (!record?.id) return null;
  const path = { ...orgPath(), eventId: record.id };

  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await call();
      notify(done, { type: 'success' });
      setCancelling(false);
      refresh();
    } catch (failed) {
      setError(failed);
    } finally {
      setBusy(false);
    }
  };
  const publish = () => run(() => unwrapCall(api.POST('/api/orgs/{organizationId}/events/{eventId}/publish', { params: { path } })), t('events.published'));
  const cancel = () =>
    run(
      () => unwrapCall(api.POST('/api/orgs/{organizationId}/events/{eventId}/cancel', { params: { path }, body: { reason: reason.trim() } })),
      t('events.cancelled'),
    );

  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {record.status === 'DRAFT' ? (
        <Button variant="contained" onClick={publish} disabled={busy}>
          {t('events.publish')}
        </Button>
      ) : null}
      {record.status === 'DRAFT' || record.status === 'PUBLISHED' ? (
        <Button color="error" onClick={() => setCancelling(true)} disabled={busy}>
          {t('events.cancel')}
        </Button>
      ) : null}
      <EditButton />
      <Box sx={{ width: '100%' }}>
        <ProblemAlert error={cancelling ? undefined : error} />
      </Box>
      <Dialog open={cancelling} onClose={() => setCancelling(false)} aria-labelledby={titleId} fullWidth>
        <DialogTitle id={titleId}>{t('events.cancelTitle')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('events.cancelHelp')}
          </Typography>
          <MuiTextField label={t('events.cancelReason')} value={reason} onChange={(e) => setReason(e.target.value)} multiline minRows={2} fullWidth required />
          <ProblemAlert error={error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCancelling(false)}>{t('back')}</Button>
          <Button color="error" variant="contained" onClick={cancel} disabled={busy || !reason.trim()}>
            {t('events.cancelConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </TopToolbar>
  );
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  if (value === '' || value === null || value === undefined) return null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

function EventSummary() {
  const { t } = useTranslation('adminContent');
  const r = useRecordContext<EventRecord>();
  if (!r) return null;
  const address = [r.address?.street, [r.address?.postalCode, r.address?.city].filter(Boolean).join(' '), r.address?.province, r.address?.country]
    .filter(Boolean)
    .join(', ');
  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
          {r.title}
        </Typography>
        <EventStatusChip status={r.status} />
      </Stack>
      {r.cancellationReason ? <Typography color="error">{t('events.cancelledBecause', { reason: r.cancellationReason })}</Typography> : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 2 }}>
        <Fact label={t('events.fields.startDate')} value={formatDateTime(r.startDate)} />
        <Fact label={t('events.fields.endDate')} value={formatDateTime(r.endDate)} />
        <Fact label={t('events.fields.eventType')} value={r.eventType ? t(`events.type.${r.eventType}`) : ''} />
        <Fact label={t('events.fields.venueName')} value={r.venueName} />
        <Fact label={t('events.fields.address')} value={address} />
        <Fact
          label={t('events.fields.capacity')}
          value={t('events.capacityValue', { confirmed: r.confirmedCount ?? 0, max: r.maxAttendees ?? '∞', waiting: r.waitlistedCount ?? 0 })}
        />
        <Fact label={t('events.fields.waitingListEnabled')} value={r.waitingListEnabled ? t('yes') : t('no')} />
        <Fact label={t('events.fields.basePrice')} value={r.isFree ? t('events.free') : formatMoney(r.basePrice, r.currency)} />
        <Fact label={t('events.fields.memberPrice')} value={r.isFree ? '' : formatMoney(r.memberPrice, r.currency)} />
        <Fact label={t('events.fields.earlyBirdPrice')} value={r.isFree ? '' : formatMoney(r.earlyBirdPrice, r.currency)} />
      </Box>
    </Box>
  );
}

/** The event's registrations with a status menu each (any → any; confirming needs a free place). */
function Registrations({ eventId }: { eventId: string }) {
  const { t } = useTranslation('adminContent');
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const notify = useNotify();
  const [filter, setFilter] = useState('');
  const [error, setError] = useState<unknown>();
  const key = ['content-admin', 'registrations', eventId, filter];
  const query = useQuery({
    queryKey: key,
    queryFn: () =>
      unwrapCall(
        api.GET('/api/orgs/{organizationId}/events/{eventId}/registrations', {
          params: { path: { ...orgPath(), eventId }, query: { size: 100, ...(filter ? { status: filter } : {}) } },
        }),
      ),
  });
  const change = async (registrationId: string, status: string) => {
    setError(undefined);
    try {
      await unwrapCall(
        api.PATCH('/api/orgs/{organizationId}/events/{eventId}/registrations/{registrationId}/status', {
          params: { path: { ...orgPath(), eventId, registrationId } },
          body: { status },
        }),
      );
      notify(t('events.registrations.changed'), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['content-admin', 'registrations', eventId] });
      refresh();
    } catch (failed) {
      setError(failed);
    }
  };
  const rows = query.data?.content ?? [];
  const nameOf = useMemberNames(rows.map((row) => row.userId));
  return (
    <Box>
      <MuiTextField
        select
        size="small"
        label={t('events.registrations.filter')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        sx={{ width: { xs: '100%', sm: 280 }, my: 1 }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{t('events.registrations.all')}</MenuItem>
        {REGISTRATION_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`events.registrationStatus.${s}`)}
          </MenuItem>
        ))}
      </MuiTextField>
      <ProblemAlert error={error ?? query.error} />
      {query.isPending ? <LoadingState /> : null}
      {query.isSuccess && rows.length === 0 ? <EmptyState>{t('events.registrations.empty')}</EmptyState> : null}
      {rows.length ? (
        <ScrollArea label={t('events.registrations.title')}>
          <Table size="small" aria-label={t('events.registrations.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('events.registrations.member')}</TableCell>
                <TableCell>{t('events.registrations.registeredAt')}</TableCell>
                <TableCell>{t('events.registrations.price')}</TableCell>
                <TableCell>{t('events.registrations.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((reg) => (
                <TableRow key={reg.id}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {nameOf(reg.userId)}
                    {reg.notes ? (
                      <Typography variant="caption" component="div">
                        {reg.notes}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>{formatDateTime(reg.createdAt)}</TableCell>
                  <TableCell>{formatMoney(reg.price, reg.currency)}</TableCell>
                  <TableCell>
                    <MuiTextField
                      select
                      size="small"
                      value={reg.status ?? ''}
                      onChange={(e) => void change(reg.id ?? '', e.target.value)}
                      slotProps={{
                        select: {
                          SelectDisplayProps: {
                            'aria-label': t('events.registrations.statusOf', { user: nameOf(reg.userId) }),
                          } as React.HTMLAttributes<HTMLDivElement>,
                        },
                      }}
                    >
                      {REGISTRATION_STATUSES.map((s) => (
                        <MenuItem key={s} value={s}>
                          {t(`events.registrationStatus.${s}`)}
                        </MenuItem>
                      ))}
                    </MuiTextField>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollArea>
      ) : null}
    </Box>
  );
}

/** Survey answers per registrant, one column per question. */
function SurveyResponses({ event }: { event: EventRecord }) {
  const { t } = useTranslation('adminContent');
  const query = useQuery({
    queryKey: ['content-admin', 'responses', event.id],
    queryFn: () =>
      unwrapCall(
        api.GET('/api/orgs/{organizationId}/events/{eventId}/responses', { params: { path: { ...orgPath(), eventId: event.id ?? '' }, query: { size: 100 } } }),
      ),
  });
  const questions = event.surveyQuestions ?? [];
  const rows = query.data?.content ?? [];
  const nameOf = useMemberNames(rows.map((row) => row.userId));
  if (!questions.length) return <EmptyState>{t('events.responses.noQuestions')}</EmptyState>;
  return (
    <Box>
      <ProblemAlert error={query.error} />
      {query.isPending ? <LoadingState /> : null}
      {query.isSuccess && rows.length === 0 ? <EmptyState>{t('events.responses.empty')}</EmptyState> : null}
      {rows.length ? (
        <ScrollArea label={t('events.responses.title')}>
          <Table size="small" aria-label={t('events.responses.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('events.registrations.member')}</TableCell>
                {questions.map((q) => (
                  <TableCell key={q.id}>{q.text}</TableCell>
                ))}
                <TableCell>{t('events.responses.submittedAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{nameOf(row.userId)}</TableCell>
                  {questions.map((q) => (
                    <TableCell key={q.id}>{row.answers?.find((a) => a.questionId === q.id)?.answer ?? ''}</TableCell>
                  ))}
                  <TableCell>{row.submittedAt ? formatDateTime(row.submittedAt) : t('events.responses.notSubmitted')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollArea>
      ) : null}
    </Box>
  );
}

function EventDetail() {
  const { t } = useTranslation('adminContent');
  const record = useRecordContext<EventRecord>();
  const [tab, setTab] = useState(0);
  if (!record?.id) return null;
  return (
    <Box>
      <EventSummary />
      <Box sx={{ px: 2, pb: 2 }}>
        <Tabs value={tab} onChange={(_, v: number) => setTab(v)} aria-label={t('events.tabs.label')} variant="scrollable" allowScrollButtonsMobile>
          <Tab label={t('events.registrations.title')} id="event-tab-0" aria-controls="event-panel-0" />
          <Tab label={t('events.responses.title')} id="event-tab-1" aria-controls="event-panel-1" />
        </Tabs>
        <Box role="tabpanel" id={`event-panel-${tab}`} aria-labelledby={`event-tab-${tab}`} sx={{ pt: 1 }}>
          {tab === 0 ? <Registrations eventId={record.id} /> : <SurveyResponses event={record} />}
        </Box>
      </Box>
    </Box>
  );
}

export function EventShow() {
  const { t } = useTranslation('adminContent');
  return (
    <Show sx={CONTAIN_SX} title={t('events.showTitle')} actions={<EventActions />}>
      <EventDetail />
    </Show>
  );
}
