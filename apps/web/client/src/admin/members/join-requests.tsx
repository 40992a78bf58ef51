import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Menu, useCanAccess, useTranslate } from 'react-admin';
import { Box, Chip } from '@mui/material';
import { api } from '../../api/platform';
import { useOrganisationId } from '../core/organisation';

/** The pending count, shared by the menu's badge and the dashboard (invalidated after a decision). */
export function usePendingJoinRequests(): number | undefined {
  const organisationId = useOrganisationId();
  const { canAccess } = useCanAccess({ resource: 'join-requests', action: 'list' });
  const { data } = useQuery({
    queryKey: ['join-requests-pending', organisationId],
    enabled: !!organisationId && !!canAccess,
    queryFn: async () =>
      organisationId
        ? ((await api.GET('/api/orgs/{organizationId}/join-requests/pending-count', { params: { path: { organizationId: organisationId } } })).data ?? null)
        : null,
  });
  return data?.count;
}

/** The menu entry of join requests, with the number waiting for a decision. */
export function JoinRequestsMenuItem() {
  const translate = useTranslate();
  const { t } = useTranslation('admin');
  const count = usePendingJoinRequests();
  const label = translate('resources.join-requests.name', { smart_count: 2 });
  return (
    <Menu.ResourceItem
      name="join-requests"
      primaryText={
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          {label}
          {count ? (
            <Chip component="span" size="small" color="primary" label={count > 99 ? '99+' : count} aria-label={t('joinRequests.pendingBadge', { count })} />
          ) : null}
        </Box>
      }
    />
  );
}
