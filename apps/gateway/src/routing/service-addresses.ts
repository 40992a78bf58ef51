import { defaultGrpcUrl, grpcServices } from '@platform/registry';

/**
 * Where each service listens. A gRPC service in package `platform.<svc>.v1` is reached at
 * `<SVC>_GRPC_URL`; the services of the registry have local defaults. A service with neither is
 * still routed: its calls answer 503 until it is configured.
 */
export const DEFAULT_SERVICE_URLS: Readonly<Record<string, string>> = Object.fromEntries(grpcServices().map((s) => [s.name, defaultGrpcUrl(s.name)]));

/** `platform.identity.v1.IdentityService` → `identity`; undefined outside the platform's packages. */
export function serviceKeyOf(serviceFullName: string): string | undefined {
  const match = /^platform\.([a-z][a-z0-9_]*)\.v\d+\./.exec(serviceFullName);
  return match?.[1];
}

export const envNameOf = (key: string): string => `${key.toUpperCase()}_GRPC_URL`;

export function serviceAddress(key: string, configured: Readonly<Record<string, string>>): string | undefined {
  return configured[key] ?? DEFAULT_SERVICE_URLS[key];
}
