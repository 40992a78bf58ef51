import type { Response } from 'express';
import { LegacyError, LegacyErrorCode } from '../../domain/errors';
import { syncPage } from '../../domain/paging';
import type { RecordObject } from '../../domain/records';
import type { PostRow } from '../../domain/rows';
import type { PostQuery } from '../../store/posts-store';
import { isAdmin, type Caller } from '../guards';
import { stringParam, type SiteServices } from '../services';
import { idParam } from './app-request';

/** Administrators also see private posts. */
export function visibleStatuses(caller: Caller): string[] {
  return isAdmin(caller.user) ? ['publish', 'private'] : ['publish'];
}

function notFound(): LegacyError {
  return new LegacyError(LegacyErrorCode.POST_NOT_FOUND, 'Invalid post ID.');
}

/** A single visible post by `id` or `slug`, or undefined when neither is given. */
export async function singlePost(
  services: SiteServices,
  params: Record<string, unknown>,
  types: readonly string[],
  caller: Caller,
): Promise<PostRow | undefined> {
  const id = idParam(params);
  const slug = stringParam(params, 'slug')?.trim();
  if (id === undefined && !slug) return undefined;
  const statuses = visibleStatuses(caller);
  const post = id !== undefined ? await services.posts.findById(id, types) : await services.posts.findBySlug(slug ?? '', types, statuses);
  if (!post || !statuses.includes(post.post_status)) throw notFound();
  return post;
}

/** A page of posts, each shaped into its app payload. */
export async function listPosts(services: SiteServices, query: PostQuery, res: Response, shape: (rows: PostRow[]) => Promise<RecordObject[]>): Promise<void> {
  const { rows, total } = await services.posts.list(query);
  res.json(syncPage(await shape(rows), total, query.paging));
}
