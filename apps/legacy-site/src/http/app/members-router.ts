import { Router } from 'express';
import { appUser } from '../../domain/app-payloads';
import { ROLE_ADMIN, ROLE_MEMBER } from '../../domain/content-types';
import { LegacyError, LegacyErrorCode } from '../../domain/errors';
import { syncPage } from '../../domain/paging';
import { callerOf, isAdmin, requireUser } from '../guards';
import { requestParams, siteContext, stringParam, type SiteServices } from '../services';
import { appPaging, appRoute, idParam } from './app-request';

/** `/members`: the member directory, for members only; members excluded from listing stay hidden. */
export function membersRouter(services: SiteServices): Router {
  const router = Router();
  appRoute(router, '/members', requireUser(services), async (req, res) => {
    const caller = callerOf(res);
    if (![ROLE_MEMBER, ROLE_ADMIN].includes(caller.user.role)) throw LegacyError.forbidden('The member directory is for members only.');
    const params = requestParams(req);
    const ctx = siteContext(services, req);
    const id = idParam(params);
    if (id !== undefined) {
      const member = await services.users.findById(id);
      const listed = member && [ROLE_MEMBER, ROLE_ADMIN].includes(member.role) && member.meta['is_exclude_listing'] !== '1';
      if (!member || (!listed && !isAdmin(caller.user))) throw new LegacyError(LegacyErrorCode.USER_NOT_FOUND, 'Invalid user ID.');
      res.json(appUser(member, ctx, false));
      return;
    }
    const paging = appPaging(params);
    const { rows, total } = await services.users.directory({
      paging,
      roles: [ROLE_MEMBER, ROLE_ADMIN],
      search: stringParam(params, 'search')?.trim() || undefined,
    });
    res.json(
      syncPage(
        rows.map((row) => appUser(row, ctx, false)),
        total,
        paging,
      ),
    );
  });
  return router;
}
