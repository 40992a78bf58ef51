import { Route } from 'react-router';
import { Resource } from 'react-admin';
import BusinessIcon from '@mui/icons-material/Business';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import PeopleIcon from '@mui/icons-material/People';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import HistoryIcon from '@mui/icons-material/History';
import SubscriptionsIcon from '@mui/icons-material/Subscriptions';
import SettingsIcon from '@mui/icons-material/Settings';
import StorageIcon from '@mui/icons-material/Storage';
import type { AdminArea } from '../core/admin-area';
import { AuthorityMenuLink } from '../core/menu-link';
import { lazyScreen } from '../core/lazy-screen';

// Screens load when first shown: the console's first screen is the dashboard.
const audit = () => import('./audit');
const organisations = () => import('./organisations');
const settings = () => import('./settings');
const users = () => import('./users');
const AuditLogList = lazyScreen(audit, 'AuditLogList');
const CreationInvitationCreate = lazyScreen(organisations, 'CreationInvitationCreate');
const CreationInvitationList = lazyScreen(organisations, 'CreationInvitationList');
const OrganisationCreate = lazyScreen(organisations, 'OrganisationCreate');
const OrganisationList = lazyScreen(organisations, 'OrganisationList');
const OrganisationShow = lazyScreen(organisations, 'OrganisationShow');
const SubscriptionList = lazyScreen(organisations, 'SubscriptionList');
const StorageConfigPage = lazyScreen(settings, 'StorageConfigPage');
const SystemSettingsPage = lazyScreen(settings, 'SystemSettingsPage');
const SystemUserCreate = lazyScreen(users, 'SystemUserCreate');
const SystemUserEdit = lazyScreen(users, 'SystemUserEdit');
const SystemUserList = lazyScreen(users, 'SystemUserList');
const UserList = lazyScreen(users, 'UserList');
const UserShow = lazyScreen(users, 'UserShow');

/** The platform administrators' console (SYSTEM users): organisations, users, staff, settings, storage, audit, subscriptions. */
export const platformArea: AdminArea = {
  name: 'platform',
  audience: 'platform',
  resources: {
    organisations: {
      list: '/api/orgs',
      one: '/api/orgs/{id}',
      create: '/api/admin/orgs/create-with-owner',
      createResult: 'organization',
      idParam: 'id',
      paged: true,
      authorities: { read: 'SYSTEM:ORGANIZATION:VIEW', create: 'SYSTEM:ORGANIZATION:CREATE' },
    },
    'creation-invitations': {
      list: '/api/admin/orgs/creation-invitations',
      create: '/api/admin/orgs/creation-invitations',
      delete: '/api/admin/orgs/creation-invitations/{invitationId}',
      idParam: 'invitationId',
      paged: true,
      authorities: { read: 'SYSTEM:ORGANIZATION:CREATE', create: 'SYSTEM:ORGANIZATION:CREATE', delete: 'SYSTEM:ORGANIZATION:CREATE' },
    },
    users: {
      list: '/api/admin/users',
      one: '/api/admin/users/{userId}',
      idParam: 'userId',
      paged: true,
      authorities: { read: 'SYSTEM:USER:VIEW', status: 'SYSTEM:USER:UPDATE' },
    },
    'system-users': {
      list: '/api/admin/system-users',
      create: '/api/admin/system-users',
      update: '/api/admin/system-users/{userId}/role',
      idParam: 'userId',
      paged: true,
      authorities: { read: 'SYSTEM:USER:VIEW', create: 'SYSTEM:USER:CREATE', edit: 'SYSTEM:USER:UPDATE' },
    },
    'audit-logs': { list: '/api/audit/logs', paged: true, authorities: { read: 'SYSTEM:AUDIT:VIEW' } },
    subscriptions: { list: '/api/admin/subscriptions', idField: 'organizationId', paged: true, authorities: { read: 'SYSTEM:BILLING:VIEW' } },
    // One record each, edited at a page of their own (`id` "current").
    'system-settings': {
      one: '/api/system/settings',
      update: '/api/system/settings',
      authorities: { read: 'SYSTEM:SETTINGS:VIEW', edit: 'SYSTEM:SETTINGS:MANAGE' },
    },
    'storage-config': {
      one: '/api/admin/storage/config',
      update: '/api/admin/storage/config',
      authorities: { read: 'SYSTEM:STORAGE:MANAGE', edit: 'SYSTEM:STORAGE:MANAGE' },
    },
  },
  elements: [
    <Resource
      key="organisations"
      name="organisations"
      list={OrganisationList}
      show={OrganisationShow}
      create={OrganisationCreate}
      icon={BusinessIcon}
      recordRepresentation="name"
    />,
    <Resource
      key="creation-invitations"
      name="creation-invitations"
      list={CreationInvitationList}
      create={CreationInvitationCreate}
      icon={ForwardToInboxIcon}
    />,
    <Resource key="users" name="users" list={UserList} show={UserShow} icon={PeopleIcon} />,
    <Resource key="system-users" name="system-users" list={SystemUserList} create={SystemUserCreate} edit={SystemUserEdit} icon={AdminPanelSettingsIcon} />,
    <Resource key="subscriptions" name="subscriptions" list={SubscriptionList} icon={SubscriptionsIcon} />,
    <Resource key="audit-logs" name="audit-logs" list={AuditLogList} icon={HistoryIcon} />,
    <Resource key="system-settings" name="system-settings" />,
    <Resource key="storage-config" name="storage-config" />,
  ],
  routes: [
    <Route key="system-settings" path="/system-settings" element={<SystemSettingsPage />} />,
    <Route key="storage" path="/storage" element={<StorageConfigPage />} />,
  ],
  menu: [
    <AuthorityMenuLink key="settings" to="/admin/system-settings" label="platform.settings.title" authority="SYSTEM:SETTINGS:VIEW" icon={<SettingsIcon />} />,
    <AuthorityMenuLink key="storage" to="/admin/storage" label="platform.storage.title" authority="SYSTEM:STORAGE:MANAGE" icon={<StorageIcon />} />,
  ],
};
