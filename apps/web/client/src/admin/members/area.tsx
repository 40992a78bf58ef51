import { Resource } from 'react-admin';
import PeopleIcon from '@mui/icons-material/People';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import MailIcon from '@mui/icons-material/Mail';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import ReceiptIcon from '@mui/icons-material/Receipt';
import PaymentsIcon from '@mui/icons-material/Payments';
import type { AdminArea } from '../core/admin-area';
import { lazyScreen } from '../core/lazy-screen';
import { JoinRequestsMenuItem } from './join-requests';

// Screens load when first shown: the console's first screen is the dashboard.
const billing = () => import('./billing');
const invitations = () => import('./invitations');
const joinRequests = () => import('./join-requests-screen');
const members = () => import('./members');
const types = () => import('./membership-types');
const InvoiceList = lazyScreen(billing, 'InvoiceList');
const PaymentList = lazyScreen(billing, 'PaymentList');
const PaymentShow = lazyScreen(billing, 'PaymentShow');
const InvitationCreate = lazyScreen(invitations, 'InvitationCreate');
const InvitationList = lazyScreen(invitations, 'InvitationList');
const JoinRequestList = lazyScreen(joinRequests, 'JoinRequestList');
const MemberCreate = lazyScreen(members, 'MemberCreate');
const MemberEdit = lazyScreen(members, 'MemberEdit');
const MemberList = lazyScreen(members, 'MemberList');
const MembershipTypeCreate = lazyScreen(types, 'MembershipTypeCreate');
const MembershipTypeEdit = lazyScreen(types, 'MembershipTypeEdit');
const MembershipTypeList = lazyScreen(types, 'MembershipTypeList');

const ORG = '/api/orgs/{organizationId}';

/** The console's members screens: members, join requests, invitations, membership types, invoices and payments. */
export const membersArea: AdminArea = {
  name: 'members',
  resources: {
    members: {
      list: `${ORG}/users`,
      one: `${ORG}/users/{userId}`,
      create: `${ORG}/users`,
      update: `${ORG}/users/{userId}`,
      delete: `${ORG}/users/{userId}`,
      idParam: 'userId',
      paged: true,
      authorities: { read: 'ORG:MEMBER:VIEW', create: 'ORG:MEMBER:INVITE', edit: 'ORG:MEMBER:UPDATE', delete: 'ORG:MEMBER:REMOVE' },
    },
    'join-requests': {
      list: `${ORG}/join-requests`,
      idParam: 'requestId',
      paged: true,
      authorities: { read: 'ORG:MEMBER:VIEW', approve: 'ORG:MEMBER:INVITE' },
    },
    invitations: {
      list: `${ORG}/invitations`,
      create: `${ORG}/invitations`,
      delete: `${ORG}/invitations/{invitationId}`,
      idParam: 'invitationId',
      paged: true,
      authorities: { read: 'ORG:MEMBER:INVITE', create: 'ORG:MEMBER:INVITE', delete: 'ORG:MEMBER:INVITE' },
    },
    'membership-types': {
      list: `${ORG}/membership-types`,
      create: `${ORG}/membership-types`,
      update: `${ORG}/membership-types/{typeId}`,
      delete: `${ORG}/membership-types/{typeId}`,
      idParam: 'typeId',
      paged: false,
      authorities: { read: 'ORG:SETTINGS:MANAGE', create: 'ORG:SETTINGS:MANAGE', edit: 'ORG:SETTINGS:MANAGE', delete: 'ORG:SETTINGS:MANAGE' },
    },
    invoices: { list: `${ORG}/invoices`, paged: true, authorities: { read: 'ORG:BILLING:VIEW' } },
    payments: { list: `${ORG}/payments`, one: `${ORG}/payments/{paymentId}`, idParam: 'paymentId', paged: true, authorities: { read: 'ORG:BILLING:VIEW' } },
    // The organisation's roles, for the role pickers (their ids are what the API takes).
    roles: { list: '/api/orgs/{id}/roles', idField: 'roleId', paged: false, authorities: { read: 'ORG:ROLE:VIEW' } },
  },
  elements: [
    <Resource
      key="members"
      name="members"
      list={MemberList}
      create={MemberCreate}
      edit={MemberEdit}
      icon={PeopleIcon}
      recordRepresentation={(r) => [r['firstName'], r['lastName']].filter(Boolean).join(' ')}
    />,
    <Resource key="join-requests" name="join-requests" list={JoinRequestList} icon={HowToRegIcon} />,
    <Resource key="invitations" name="invitations" list={InvitationList} create={InvitationCreate} icon={MailIcon} />,
    <Resource
      key="membership-types"
      name="membership-types"
      list={MembershipTypeList}
      create={MembershipTypeCreate}
      edit={MembershipTypeEdit}
      icon={CardMembershipIcon}
      recordRepresentation="name"
    />,
    <Resource key="invoices" name="invoices" list={InvoiceList} icon={ReceiptIcon} />,
    <Resource key="payments" name="payments" list={PaymentList} show={PaymentShow} icon={PaymentsIcon} />,
    <Resource key="roles" name="roles" recordRepresentation="name" />,
  ],
  menuItems: { 'join-requests': <JoinRequestsMenuItem /> },
};
