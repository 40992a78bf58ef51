import { Router } from 'express';
import { LegacyError, LegacyErrorCode } from '../../domain/errors';
import { PLUGIN_VERSION } from '../../domain/plugin';
import { hashToken, newSyncKey, randomToken } from '../../domain/tokens';
import { SETTING_SYNC_KEY } from '../../store/settings-store';
import { requireUser } from '../guards';
import { requestParams, siteContext, stringParam, type SiteServices } from '../services';
import { appRoute, boolParam, idParam } from './app-request';

/**
 * `/admin`: the plugin's settings page, for administrators: the sync key, read-only mode and login
 * links (POST with an action), and counts of users, posts and devices.
 */
export function pluginAdminRouter(services: SiteServices): Router {
  const router = Router();
  appRoute(router, '/admin', requireUser(services, { admin: true }), async (req, res) => {
    const params = requestParams(req);
    const action = req.method === 'POST' ? stringParam(params, 'action') : undefined;
    const extra: Record<string, unknown> = {};
    switch (action) {
      case undefined:
        break;
      case 'generate_sync_key': {
        const key = newSyncKey();
        await services.settings.set(SETTING_SYNC_KEY, key);
        extra['sync_key'] = key;
        break;
      }
      case 'delete_sync_key':
        await services.settings.remove(SETTING_SYNC_KEY);
        break;
      case 'set_read_only': {
        const on = boolParam(params, 'read_only');
        if (on === undefined) throw LegacyError.missingParam('read_only');
        await services.settings.setReadOnly(on);
        break;
      }
      case 'create_login_link': {
        const userId = idParam({ id: params['user_id'] });
        if (userId === undefined) throw LegacyError.missingParam('user_id');
        if (!(await services.users.findById(userId))) throw new LegacyError(LegacyErrorCode.USER_NOT_FOUND, 'Invalid user ID.');
        const key = randomToken(24);
        const expires = new Date(services.clock().getTime() + 7 * 86_400_000);
        await services.sessions.createDeeplinkKey(hashToken(key), userId, expires);
        extra['login_link'] = { key, expires: expires.toISOString(), url: `${siteContext(services, req).siteUrl}/app/login?key=${key}` };
        break;
      }
      default:
        throw LegacyError.invalidParam('action', 'action is not one of generate_sync_key, delete_sync_key, set_read_only, create_login_link.');
    }
    const syncKey = await services.settings.syncKey();
    res.json({
      plugin_version: PLUGIN_VERSION,
      read_only: await services.settings.readOnly(),
      sync_key_generated: syncKey !== undefined,
      sync_key_hint: syncKey ? `…${syncKey.slice(-4)}` : null,
      users: await services.users.countByRole(),
      posts: await services.posts.countByType(),
      devices: await services.sessions.countDevices(),
      ...extra,
    });
  });
  return router;
}
