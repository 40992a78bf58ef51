import { lazy } from 'react';
import { Resource } from 'react-admin';
import CampaignIcon from '@mui/icons-material/Campaign';
import DraftsIcon from '@mui/icons-material/Drafts';
import ListAltIcon from '@mui/icons-material/ListAlt';
import DnsIcon from '@mui/icons-material/Dns';
import type { AdminArea } from '../core/admin-area';

const screens = () => import('./communication-screens');
const SendNotificationPage = lazy(() => screens().then((m) => ({ default: m.SendNotificationPage })));
const EmailTemplateList = lazy(() => screens().then((m) => ({ default: m.EmailTemplateList })));
const EmailTemplateEdit = lazy(() => screens().then((m) => ({ default: m.EmailTemplateEdit })));
const EmailLogList = lazy(() => screens().then((m) => ({ default: m.EmailLogList })));
const SmtpPage = lazy(() => screens().then((m) => ({ default: m.SmtpPage })));

const TEMPLATES = '/api/orgs/{organizationId}/email-templates';

/**
 * The console's communication: send a notification, email templates (preview, reset), the SMTP
 * server (test), the email log. Pages without a record list are resources with one page (`list`),
 * so that they have a menu entry and the role check of their authority.
 */
export const communicationArea: AdminArea = {
  name: 'communication',
  resources: {
    notifications: { list: '/api/notifications', create: '/api/notifications', paged: true, authorities: { read: 'ORG:NOTIFICATION:SEND' } },
    'email-templates': {
      list: TEMPLATES,
      update: `${TEMPLATES}/{templateId}`,
      idParam: 'templateId',
      paged: false,
      authorities: { read: 'ORG:SETTINGS:MANAGE', edit: 'ORG:SETTINGS:MANAGE' },
    },
    'email-logs': { list: '/api/email-logs', paged: true, authorities: { read: 'ORG:SETTINGS:MANAGE' } },
    smtp: { list: '/api/orgs/{organizationId}/smtp', paged: false, authorities: { read: 'ORG:SETTINGS:MANAGE' } },
  },
  elements: [
    <Resource key="notifications" name="notifications" list={SendNotificationPage} icon={CampaignIcon} />,
    <Resource key="email-templates" name="email-templates" list={EmailTemplateList} edit={EmailTemplateEdit} icon={DraftsIcon} />,
    <Resource key="email-logs" name="email-logs" list={EmailLogList} icon={ListAltIcon} />,
    <Resource key="smtp" name="smtp" list={SmtpPage} icon={DnsIcon} />,
  ],
};
