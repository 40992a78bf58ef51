import { Router } from 'express';
import { appDocument } from '../../domain/app-payloads';
import { DOCUMENT_TYPES, FOLDER_TAXONOMY, isDocumentType } from '../../domain/content-types';
import { LegacyError } from '../../domain/errors';
import { syncPage } from '../../domain/paging';
import type { PostRow } from '../../domain/rows';
import { callerOf, requireUser } from '../guards';
import { requestParams, siteContext, stringParam, type SiteServices } from '../services';
import { appPaging, appRoute } from './app-request';
import { singlePost, visibleStatuses } from './visible-posts';

/** `/documents`: documents, policies and recalls, one or a page, by folder, with the folder tree. */
export function documentsRouter(services: SiteServices): Router {
  const router = Router();
  appRoute(router, '/documents', requireUser(services), async (req, res) => {
    const caller = callerOf(res);
    const params = requestParams(req);
    const ctx = siteContext(services, req);
    const typeParam = stringParam(params, 'type') ?? 'all';
    if (typeParam !== 'all' && !isDocumentType(typeParam)) {
      throw LegacyError.invalidParam('type', `type is not one of all, ${DOCUMENT_TYPES.join(', ')}.`);
    }
    const types = typeParam === 'all' ? DOCUMENT_TYPES : [typeParam];
    const shape = async (rows: PostRow[]) => {
      const relations = await services.posts.relations(rows);
      return rows.map((row) => appDocument(row, relations, ctx));
    };
    const one = await singlePost(services, params, types, caller);
    if (one) {
      res.json((await shape([one]))[0]);
      return;
    }
    const folderParam = stringParam(params, 'folder')?.trim();
    if (folderParam && typeParam === 'all') throw LegacyError.invalidParam('folder', 'folder needs a document type.');
    const taxonomies = types.map((t) => FOLDER_TAXONOMY[t]);
    const { rows, total } = await services.posts.list({
      types,
      statuses: visibleStatuses(caller),
      paging: appPaging(params),
      search: stringParam(params, 'search')?.trim() || undefined,
      term: folderParam
        ? { taxonomy: FOLDER_TAXONOMY[types[0] ?? 'document'], ...(/^\d+$/.test(folderParam) ? { id: Number(folderParam) } : { slug: folderParam }) }
        : undefined,
    });
    const folders = (await services.posts.terms(taxonomies)).map((t) => ({
      id: t.term_id,
      name: t.name,
      slug: t.slug,
      parent: t.parent ?? 0,
      taxonomy: t.taxonomy,
    }));
    res.json({ ...syncPage(await shape(rows), total, appPaging(params)), folders });
  });
  return router;
}
