import type { AdminArea } from './core/admin-area';
import { communicationArea } from './communication/area';
import { documentsArea } from './documents/area';
import { eventsArea } from './events/area';
import { membersArea } from './members/area';
import { migrationArea } from './migration/area';
import { newsArea } from './news/area';
import { platformArea } from './platform/area';
import { settingsArea } from './settings/area';

/**
 * Every area of the console, in menu order. Each area folder owns its screens, its part of the
 * data provider's resource map and its menu entries (core/admin-area.ts says what an area gives).
 */
export const ADMIN_AREAS: AdminArea[] = [membersArea, eventsArea, newsArea, documentsArea, communicationArea, settingsArea, migrationArea, platformArea];
