import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Title, usePermissions } from 'react-admin';
import { Alert, Box, Card, CardContent, LinearProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { api } from '../../api/platform';
import { problemMessage } from '../../api/problem-message';
import { useOrganisationId } from './organisation';
import { can, type Permissions } from './permissions';

const MEMBER_STATUSES = ['ACTIVE', 'PENDING', 'SUSPENDED'] as const;

/** One call's data, or the problem in plain words with the request id (thrown for react-query). */
async function read<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) {
    const problem = problemMessage(error, response);
    throw new Error(problem.requestId ? `${problem.message} (${problem.requestId})` : problem.message);
  }
  return data;
}

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card component="section" aria-label={title} data-testid={testId} sx={{ flex: '1 1 280px', minWidth: 0 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function State({ isPending, error, empty, emptyText }: { isPending: boolean; error: Error | null; empty?: boolean; emptyText?: string }) {
  const { t } = useTranslation('admin');
  if (isPending) return <LinearProgress aria-label={t('dashboard.loading')} />;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (empty) return <Typography color="text.secondary">{emptyText}</Typography>;
  return null;
}

function MembersByStatus({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('admin');
  const query = useQuery({
    retry: false,
    queryKey: ['dashboard', 'members-by-status', organisationId],
    queryFn: () =>
      Promise.all(
        MEMBER_STATUSES.map(async (status) => {
          const page = await read(
            api.GET('/api/orgs/{organizationId}/users', { params: { path: { organizationId: organisationId }, query: { status, page: 0, size: 1 } } }),
          );
          return { status, count: page.totalElements ?? 0 };
        }),
      ),
  });
  return (
    <Panel title={t('dashboard.members')} testId="dashboard-members">
      <State isPending={query.isPending} error={query.error} />
      {query.data ? (
        <List dense disablePadding>
          {query.data.map(({ status, count }) => (
            <ListItem key={status} disableGutters secondaryAction={<Typography sx={{ fontWeight: 'bold' }}>{count}</Typography>}>
              <ListItemText>
                <Link to={`/admin/members?filter=${encodeURIComponent(JSON.stringify({ status }))}`}>{t(`memberStatus.${status}`)}</Link>
              </ListItemText>
            </ListItem>
          ))}
        </List>
      ) : null}
    </Panel>
  );
}

function PendingJoinRequests({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('admin');
  const query = useQuery({
    queryKey: ['join-requests-pending', organisationId],
    queryFn: () => read(api.GET('/api/orgs/{organizationId}/join-requests/pending-count', { params: { path: { organizationId: organisationId } } })),
  });
  return (
    <Panel title={t('dashboard.joinRequests')} testId="dashboard-join-requests">
      <State isPending={query.isPending} error={query.error} />
      {query.data ? (
        <Typography>
          <Link to="/admin/join-requests">{t('dashboard.pendingJoinRequests', { count: query.data.count ?? 0 })}</Link>
        </Typography>
      ) : null}
    </Panel>
  );
}

function NextEvents({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('admin');
  const query = useQuery({
    retry: false,
    queryKey: ['dashboard', 'next-events', organisationId],
    queryFn: () =>
      read(
        api.GET('/api/orgs/{organizationId}/events', {
          params: { path: { organizationId: organisationId }, query: { from: new Date().toISOString(), sort: 'startDate,asc', page: 0, size: 5 } },
        }),
      ),
  });
  const events = query.data?.content ?? [];
  const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Panel title={t('dashboard.nextEvents')} testId="dashboard-events">
      <State isPending={query.isPending} error={query.error} empty={!!query.data && events.length === 0} emptyText={t('dashboard.noEvents')} />
      {events.length > 0 ? (
        <List dense disablePadding>
          {events.map((event) => {
            const taken = event.confirmedCount ?? event.attendingCount ?? 0;
            const fill = event.maxAttendees ? Math.min(100, Math.round((taken / event.maxAttendees) * 100)) : undefined;
            return (
              <ListItem key={event.id} disableGutters sx={{ display: 'block' }}>
                <ListItemText primary={event.title} secondary={event.startDate ? date.format(new Date(event.startDate)) : undefined} />
                {fill !== undefined ? (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <LinearProgress variant="determinate" value={fill} sx={{ flex: 1 }} aria-label={t('dashboard.fillRateOf', { title: event.title })} />
                    <Typography variant="body2">{t('dashboard.fillRate', { taken, max: event.maxAttendees, percent: fill })}</Typography>
                  </Box>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {t('dashboard.registered', { count: taken })}
                  </Typography>
                )}
              </ListItem>
            );
          })}
        </List>
      ) : null}
    </Panel>
  );
}

function LastSync({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('admin');
  const query = useQuery({
    retry: false,
    queryKey: ['dashboard', 'last-sync', organisationId],
    queryFn: () =>
      read(api.GET('/api/orgs/{organizationId}/connectors', { params: { path: { organizationId: organisationId }, query: { page: 0, size: 50 } } })),
  });
  const connectors = query.data?.content ?? [];
  const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Panel title={t('dashboard.lastSync')} testId="dashboard-sync">
      <State isPending={query.isPending} error={query.error} empty={!!query.data && connectors.length === 0} emptyText={t('dashboard.noConnectors')} />
      {connectors.length > 0 ? (
        <List dense disablePadding>
          {connectors.map((connector) => (
            <ListItem key={connector.id} disableGutters>
              <ListItemText
                primary={connector.name}
                secondary={[connector.lastSyncAt ? date.format(new Date(connector.lastSyncAt)) : t('dashboard.neverSynced'), connector.lastError]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      ) : null}
    </Panel>
  );
}

/** The organisation's first screen: members by status, pending join requests, next events with fill rate, last sync. */
export function Dashboard() {
  const { t } = useTranslation('admin');
  const organisationId = useOrganisationId();
  const { permissions } = usePermissions<Permissions>();
  if (!organisationId) return null;
  const panels = [
    can(permissions, 'ORG:MEMBER:VIEW') ? <MembersByStatus key="members" organisationId={organisationId} /> : null,
    can(permissions, 'ORG:MEMBER:VIEW') ? <PendingJoinRequests key="join" organisationId={organisationId} /> : null,
    can(permissions, 'ORG:EVENT:VIEW') ? <NextEvents key="events" organisationId={organisationId} /> : null,
    can(permissions, 'ORG:CONNECTOR:MANAGE') ? <LastSync key="sync" organisationId={organisationId} /> : null,
  ].filter(Boolean);
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={t('dashboard.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('dashboard.title')}
      </Typography>
      {panels.length === 0 ? <Alert severity="info">{t('dashboard.nothingToAdminister')}</Alert> : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>{panels}</Box>
    </Box>
  );
}
