import type { RouteTable } from '../routing/route-table';
import { type DocsPage, docsPage } from './docs-page';
import { type OpenApiInfo, PROBLEM_CODES, buildOpenApi } from './openapi';

/** What the gateway serves under `/api/docs`: the page (with its script and stylesheet) and the OpenAPI document. */
export interface ApiDocs {
  page(): DocsPage;
  /** The OpenAPI document, as JSON. */
  openApiJson(): string;
}

/**
 * The docs of a route table, each part built on its first request and then kept. Built at start,
 * the OpenAPI document cost every gateway about 6 MB of resident memory for a page few open: the
 * garbage of building it, the code that builds it, ICU's collation data for the path order. A
 * contract the document cannot describe still fails before release: the `openapi` target and
 * openapi.spec.ts / openapi-contract.spec.ts build it from the same protos.
 */
export function apiDocs(routes: RouteTable, info: OpenApiInfo): ApiDocs {
  let page: DocsPage | undefined;
  let openApiJson: string | undefined;
  return {
    page: () => (page ??= docsPage(info.title, PROBLEM_CODES)),
    openApiJson: () => (openApiJson ??= JSON.stringify(buildOpenApi(routes, info))),
  };
}
