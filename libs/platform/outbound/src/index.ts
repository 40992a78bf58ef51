export { refusedAddress, ipFamily, RULE_DESCRIPTIONS, type AddressRule, type AddressRefusal } from './address-rules';
export { parseAllowedDestinations, isAllowedDestination, normaliseHost, type AllowedDestination } from './allow-list';
export {
  createDestinationGuard,
  DestinationRefused,
  DestinationUnresolved,
  FEATURE_PORTS,
  type CheckedDestination,
  type DestinationGuard,
  type DestinationGuardOptions,
  type OutboundFeature,
  type RefusalRule,
  type ResolvedAddress,
  type Resolver,
} from './destination-guard';
export { checkHttpUrl, pinnedAgent, pinnedLookup } from './http-destination';
export { outboundEnv } from './outbound-env';
export { classifySmtpFailure, describeSmtpFailure, smtpConnectionOptions, type ClassifiedSmtpFailure, type SmtpErrorFacts, type SmtpOutcome } from './smtp';
