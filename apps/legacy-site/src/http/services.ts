import type { Request } from 'express';
import type { Logger } from '@platform/telemetry';
import type { SiteContext } from '../domain/records';
import type { EnquiriesStore } from '../store/enquiries-store';
import type { PostsStore } from '../store/posts-store';
import type { SessionsStore } from '../store/sessions-store';
import type { SettingsStore } from '../store/settings-store';
import type { UsersStore } from '../store/users-store';

/** What the routers use: the stores, the clock and the site's settings. */
export interface SiteServices {
  users: UsersStore;
  posts: PostsStore;
  settings: SettingsStore;
  sessions: SessionsStore;
  enquiries: EnquiriesStore;
  logger: Logger;
  clock: () => Date;
  jwtSecret: string;
  offsetMinutes: number;
  timezone: string;
  siteName: string;
  /** Base URL put in records; when unset, taken from the request (scheme and Host). */
  publicUrl?: string;
  hashPassword: (plain: string) => Promise<string>;
  verifyPassword: (plain: string, hash: string) => Promise<boolean>;
}

export function siteContext(services: SiteServices, req: Request): SiteContext {
  const siteUrl = services.publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  return { siteUrl: siteUrl.replace(/\/+$/, ''), offsetMinutes: services.offsetMinutes };
}

/** Query parameters and JSON body fields together (body wins), as the CMS's REST request merges them. */
export function requestParams(req: Request): Record<string, unknown> {
  const body = typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
  return { ...(req.query as Record<string, unknown>), ...body };
}

/** A single string parameter (the first when repeated). */
export function stringParam(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  if (Array.isArray(value)) return value.length ? stringParam({ v: value[0] }, 'v') : undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export const nowSeconds = (clock: () => Date) => Math.floor(clock().getTime() / 1000);
