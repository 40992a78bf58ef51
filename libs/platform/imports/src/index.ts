export { MAX_UPSERT_BATCH, upsertResponse, unchanged, externalIdProblem, type UpsertAction, type UpsertResult } from './upsert-batch';
