export { MAX_UPSERT_BATCH, importBatch, upsertResponse, unchanged, externalIdProblem, type UpsertAction, type UpsertResult } from './upsert-batch';
