import { lazy } from 'react';
import { Resource } from 'react-admin';
import EventIcon from '@mui/icons-material/Event';
import type { AdminArea } from '../core/admin-area';

const EventList = lazy(() => import('./event-screens').then((m) => ({ default: m.EventList })));
const EventCreate = lazy(() => import('./event-screens').then((m) => ({ default: m.EventCreate })));
const EventEdit = lazy(() => import('./event-screens').then((m) => ({ default: m.EventEdit })));
const EventShow = lazy(() => import('./event-show').then((m) => ({ default: m.EventShow })));

const EVENTS = '/api/orgs/{organizationId}/events';

/** The console's events: list, create/edit (address, prices, capacity, survey), publish, cancel, registrations, import. */
export const eventsArea: AdminArea = {
  name: 'events',
  resources: {
    events: {
      list: EVENTS,
      one: `${EVENTS}/{eventId}`,
      create: EVENTS,
      update: `${EVENTS}/{eventId}`,
      delete: `${EVENTS}/{eventId}`,
      idParam: 'eventId',
      paged: true,
      authorities: { read: 'ORG:EVENT:VIEW', create: 'ORG:EVENT:CREATE', edit: 'ORG:EVENT:UPDATE', delete: 'ORG:EVENT:DELETE' },
    },
  },
  elements: [
    <Resource
      key="events"
      name="events"
      list={EventList}
      create={EventCreate}
      edit={EventEdit}
      show={EventShow}
      icon={EventIcon}
      recordRepresentation="title"
    />,
  ],
};
