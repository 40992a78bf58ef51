export { ErrorCode } from './error-code';
export { PlatformError, type FieldViolation } from './platform-error';
export { DEPENDENCY_RETRY_AFTER_SECONDS, redisOutageOf, natsOutageOf } from './dependency-outage';
export { grpcStatusOf, httpStatusOf, httpStatusOfFailure, errorCodeOfStatus, ERROR_CODE_KEY, ERROR_VIOLATIONS_KEY, ERROR_RETRY_AFTER_KEY } from './grpc-status';
export { validate } from './validate';
export { uuid, optionalUuid, optionalOneOf, email, personName, searchTerm, jsonObject } from './inputs';
export {
  decimalAmount,
  minorUnitsOf,
  minorUnitsViolations,
  isPositiveDecimal,
  plainDecimal,
  canonicalDecimal,
  decimalPlaces,
  significantDigits,
  MONEY,
  MAX_EXACT_DIGITS,
  NOT_A_DECIMAL,
  type DecimalLimits,
} from './decimal-amount';
