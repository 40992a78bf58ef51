import table from './generated/method-options.json';

/** An RPC's options as its .proto declares them (`generate` reads them: libs/proto/write-method-options.mjs). */
export interface MethodOptions {
  /** The proto service's full name (`platform.identity.v1.IdentityService`). */
  service: string;
  method: string;
  /** Whether it has a REST binding (`google.api.http`): without one it is internal. */
  http: boolean;
  /** Its `platform.options.v1.access` option, as written (enum values by name). */
  access: { auth?: string; authority?: string; success_status?: number; org_param?: string } | null;
}

/** Every platform RPC's options, by gRPC path (`/platform.identity.v1.IdentityService/OrgLogin`). */
export function platformMethodOptions(): Readonly<Record<string, MethodOptions>> {
  return table as Record<string, MethodOptions>;
}
