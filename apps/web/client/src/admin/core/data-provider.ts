import i18next from 'i18next';
import { api } from '../../api/platform';
import { ADMIN_AREAS } from '../areas';
import type { ResourceRoutes } from './admin-area';
import { currentOrganisationId } from './organisation';
import { createRestDataProvider, type RequestClient } from './rest-data-provider';

/** Every area's resource map in one (read at call time: areas import this module's neighbours). */
export function adminRoutes(): Record<string, ResourceRoutes> {
  return Object.assign({}, ...ADMIN_AREAS.map((area) => area.resources)) as Record<string, ResourceRoutes>;
}

/**
 * react-admin's data provider of the console: the platform's REST API through the typed client
 * with the session (`api`), paths from the areas' resource maps, the organisation from the session.
 */
export const dataProvider = createRestDataProvider({
  // openapi-fetch's generic `request` takes any path of the document as a string.
  client: api as unknown as RequestClient,
  routes: adminRoutes,
  organisationId: currentOrganisationId,
  describe: (problem) =>
    problem.requestId ? i18next.t('admin:errors.withRequestId', { message: problem.message, requestId: problem.requestId }) : problem.message,
});
