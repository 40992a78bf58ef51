import type { AsyncService } from '@platform/grpc-server';
import type { contentV1 } from '@platform/proto';
import type { ContentDeps } from './deps';
import { articleHandlers } from './rpc/articles';
import { commentHandlers } from './rpc/comments';
import { companyHandlers } from './rpc/companies';
import { upsertHandlers } from './rpc/upserts';

/** Every RPC of platform.content.v1.ContentService, each from the handler file of its section of the proto. */
export function contentService(deps: ContentDeps): AsyncService<contentV1.ContentServiceServer> {
  const { createArticle, listArticles, getArticle, updateArticle, deleteArticle, publishArticle, archiveArticle, unarchiveArticle } = articleHandlers(deps);
  const { createComment, listComments, deleteComment } = commentHandlers(deps);
  const { listCompanies, getCompany, createCompany, updateCompany, deleteCompany } = companyHandlers(deps);
  const { upsertArticles, upsertCompanies } = upsertHandlers(deps);
  return {
    createArticle,
    listArticles,
    getArticle,
    updateArticle,
    deleteArticle,
    publishArticle,
    archiveArticle,
    unarchiveArticle,
    createComment,
    listComments,
    deleteComment,
    listCompanies,
    getCompany,
    createCompany,
    updateCompany,
    deleteCompany,
    upsertArticles,
    upsertCompanies,
  };
}
