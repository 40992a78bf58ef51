export { bearer, createPlatformClient, type PlatformClient, type PlatformClientOptions, type Schema } from './platform-client';
export { isProblem, PlatformProblemError, unwrap, type FetchResult, type ProblemDetails } from './problem';
export type { components, operations, paths } from './generated/schema';
