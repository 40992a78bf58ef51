export {
  MAX_UPSERT_BATCH,
  importBatch,
  upsertResponse,
  unchanged,
  externalIdProblem,
  importHash,
  importDecision,
  type ShowValue,
  type UpsertAction,
  type UpsertResult,
} from './upsert-batch';
export { mapConcurrently } from './map-concurrently';
