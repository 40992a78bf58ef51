import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Title } from 'react-admin';
import { Alert, Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { api } from '../../api/platform';
import { problemMessage } from '../../api/problem-message';

/** The platform administrators' first screen: how many organisations and users, and where to go. */
export function PlatformDashboard() {
  const { t } = useTranslation('admin');
  const query = useQuery({
    queryKey: ['platform-dashboard'],
    queryFn: async () => {
      const [orgs, users] = await Promise.all([
        api.GET('/api/orgs', { params: { query: { page: 0, size: 1 } } }),
        api.GET('/api/admin/users', { params: { query: { page: 0, size: 1 } } }),
      ]);
      if (!orgs.data) {
        const problem = problemMessage(orgs.error, orgs.response);
        throw new Error(problem.requestId ? `${problem.message} (${problem.requestId})` : problem.message);
      }
      return { organisations: orgs.data.totalElements ?? 0, users: users.data?.totalElements };
    },
  });
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={t('platform.dashboard.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('platform.dashboard.title')}
      </Typography>
      {query.isPending ? <LinearProgress aria-label={t('dashboard.loading')} /> : null}
      {query.error ? <Alert severity="error">{query.error.message}</Alert> : null}
      {query.data ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <Card component="section" aria-label={t('platform.dashboard.organisations')} sx={{ flex: '1 1 240px' }}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {t('platform.dashboard.organisations')}
              </Typography>
              <Typography variant="h4" component="p">
                {query.data.organisations}
              </Typography>
              <Link to="/admin/organisations">{t('platform.dashboard.seeOrganisations')}</Link>
            </CardContent>
          </Card>
          {query.data.users !== undefined ? (
            <Card component="section" aria-label={t('platform.dashboard.users')} sx={{ flex: '1 1 240px' }}>
              <CardContent>
                <Typography variant="h6" component="h2">
                  {t('platform.dashboard.users')}
                </Typography>
                <Typography variant="h4" component="p">
                  {query.data.users}
                </Typography>
                <Link to="/admin/users">{t('platform.dashboard.seeUsers')}</Link>
              </CardContent>
            </Card>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
