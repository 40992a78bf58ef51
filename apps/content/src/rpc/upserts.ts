import { z } from 'zod';
import { PlatformError, uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { contentV1 } from '@platform/proto';
import { upsertArticles } from '../app/upsert-articles';
import { upsertCompanies } from '../app/upsert-companies';
import type { ContentDeps } from '../deps';
import { MAX_UPSERT_BATCH, upsertResponse } from '@platform/imports';

type UpsertHandlers = Pick<AsyncService<contentV1.ContentServiceServer>, 'upsertArticles' | 'upsertCompanies'>;

const organization = z.object({ organizationId: uuid });
const tooMany = (field: string) => PlatformError.validation([{ field, message: `must have at most ${MAX_UPSERT_BATCH} records` }]);

/** The connector's imports (internal RPCs: the kit lets only service tokens through). */
export function upsertHandlers(deps: ContentDeps): UpsertHandlers {
  return {
    async upsertArticles(request, ctx) {
      const { organizationId } = validate(organization, request);
      if (request.articles.length > MAX_UPSERT_BATCH) throw tooMany('articles');
      const response = upsertResponse(await upsertArticles(deps, organizationId, request.articles));
      ctx.logger.info(
        { organizationId, created: response.created, updated: response.updated, skipped: response.skipped, failed: response.failed },
        'articles upserted',
      );
      return response;
    },
    async upsertCompanies(request, ctx) {
      const { organizationId } = validate(organization, request);
      if (request.companies.length > MAX_UPSERT_BATCH) throw tooMany('companies');
      const response = upsertResponse(await upsertCompanies(deps, organizationId, request.companies));
      ctx.logger.info(
        { organizationId, created: response.created, updated: response.updated, skipped: response.skipped, failed: response.failed },
        'companies upserted',
      );
      return response;
    },
  };
}
