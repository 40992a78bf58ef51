import { z } from 'zod';
import { uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { contentV1 } from '@platform/proto';
import { upsertArticles } from '../app/upsert-articles';
import { upsertCompanies } from '../app/upsert-companies';
import type { ContentDeps } from '../deps';
import { importBatch } from '@platform/imports';

type UpsertHandlers = Pick<AsyncService<contentV1.ContentServiceServer>, 'upsertArticles' | 'upsertCompanies'>;

const organization = z.object({ organizationId: uuid });

/** The connector's imports (internal RPCs: the kit lets only service tokens through). */
export function upsertHandlers(deps: ContentDeps): UpsertHandlers {
  return {
    async upsertArticles(request, ctx) {
      const { organizationId } = validate(organization, request);
      return importBatch('articles', request.articles, { logger: ctx.logger, context: { organizationId } }, () =>
        upsertArticles(deps, organizationId, request.articles),
      );
    },
    async upsertCompanies(request, ctx) {
      const { organizationId } = validate(organization, request);
      return importBatch('companies', request.companies, { logger: ctx.logger, context: { organizationId } }, () =>
        upsertCompanies(deps, organizationId, request.companies),
      );
    },
  };
}
