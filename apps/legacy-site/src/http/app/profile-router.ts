import { Router, type Response } from 'express';
import { appUser } from '../../domain/app-payloads';
import { LegacyError } from '../../domain/errors';
import { present } from '../../domain/present';
import { parseMemberUpdate, SELF_EDITABLE_MEMBER_FIELDS } from '../../domain/updates';
import { assertWritable, callerOf, requireUser, type Caller } from '../guards';
import { requestParams, siteContext, stringParam, type SiteServices } from '../services';
import { appRoute } from './app-request';

/** `/user`: the signed-in user's profile and devices; POST edits the profile or registers a device. */
export function profileRouter(services: SiteServices): Router {
  const router = Router();

  const profile = async (res: Response, caller: Caller, ctx: ReturnType<typeof siteContext>) => {
    const fresh = present(await services.users.findById(caller.user.id), 'the signed-in user');
    const devices = await services.sessions.devicesOf(fresh.id);
    res.json({ ...appUser(fresh, ctx, true), devices: devices.map((d) => ({ token: d.token, platform: d.platform })) });
  };

  appRoute(router, '/user', requireUser(services), async (req, res) => {
    const caller = callerOf(res);
    const ctx = siteContext(services, req);
    if (req.method === 'POST') {
      const params = requestParams(req);
      const deviceToken = stringParam(params, 'device_token')?.trim();
      const fields = Object.fromEntries(Object.entries(params).filter(([k]) => (SELF_EDITABLE_MEMBER_FIELDS as readonly string[]).includes(k)));
      const unknown = Object.keys(req.body ?? {}).filter(
        (k) => !(SELF_EDITABLE_MEMBER_FIELDS as readonly string[]).includes(k) && !['device_token', 'device_platform'].includes(k),
      );
      const [notEditable] = unknown;
      if (notEditable) throw LegacyError.invalidParam(notEditable, `${notEditable} cannot be changed here.`);
      if (Object.keys(fields).length) {
        await assertWritable(services);
        const update = parseMemberUpdate(fields, caller.user.id);
        await services.users.update(caller.user.id, update.fields, update.meta);
      }
      if (deviceToken) {
        const platform = (stringParam(params, 'device_platform') ?? 'android').toLowerCase();
        if (!['android', 'ios', 'web'].includes(platform))
          throw LegacyError.invalidParam('device_platform', 'device_platform is not one of android, ios, web.');
        await services.sessions.subscribeDevice(caller.user.id, deviceToken, platform, services.clock());
        await services.sessions.setDevice(caller.sessionId, deviceToken);
      }
    }
    await profile(res, caller, ctx);
  });

  return router;
}
