import type { ChannelCredentials, Client } from '@grpc/grpc-js';
import * as proto from '@platform/proto';
import { grpcUrlEnv } from '@platform/registry';
import { createClient, unary, type UnaryCallOptions } from './client';
import type { ServiceTokens } from './service-tokens';

type Proto = typeof proto;

/** The platform services a client can be made for: those whose proto module `<name>V1` has a `<Name>ServiceClient`. */
export type PlatformServiceName = {
  [K in keyof Proto]: K extends `${infer N}V1` ? (`${Capitalize<N>}ServiceClient` extends keyof Proto[K] ? N : never) : never;
}[keyof Proto];

type ClientClassOf<N extends PlatformServiceName> = Proto[`${N}V1`] extends infer M
  ? `${Capitalize<N>}ServiceClient` extends keyof M
    ? M[`${Capitalize<N>}ServiceClient`]
    : never
  : never;

/** The ts-proto client of a service: `ServiceClientOf<'organisation'>` is `organisationV1.OrganisationServiceClient`. */
export type ServiceClientOf<N extends PlatformServiceName> = ClientClassOf<N> extends new (...args: never[]) => infer C ? C : never;

/** A unary method of client `C` taking `Req` and answering `Res` (`client.getAccount`). */
type UnaryMethodOf<C, Req, Res> = Parameters<typeof unary<C, Req, Res>>[1];

/** The client of one service this one calls, made by the kit from the service registry and closed by it at stop. */
export interface PlatformClient<C> {
  /** The callee's name in the service registry. */
  readonly service: string;
  /** One channel for the callee, spreading its calls over every address its target resolves to. */
  readonly client: C;
  /** This service's short-lived token for service-to-service calls (renewed before it expires). */
  token(): string;
  /** A unary call with this service's token and a deadline (see `unary`): `organisation.call(organisation.client.getMember, request, { parent })`. */
  call<Req, Res>(method: UnaryMethodOf<C, Req, Res>, request: Req, options?: Omit<UnaryCallOptions, 'token'>): Promise<Res>;
}

/** The clients of the services the registry says this one calls (its `calls`). */
export interface PlatformClients {
  /** Whether `service` is among them with an address (a callee whose `<SVC>_GRPC_URL` is empty has no client). */
  has(service: PlatformServiceName): boolean;
  /** The client of `service`; throws when the registry does not list it in this service's `calls` or its address is empty. */
  of<N extends PlatformServiceName>(service: N): PlatformClient<ServiceClientOf<N>>;
}

const capitalized = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

type ClientClass = new (address: string, credentials: ChannelCredentials, options?: object) => Client;

/** The grpc-js client class of a service, found in @platform/proto by the generator's naming. */
function clientClassOf(service: string): ClientClass {
  const module = (proto as Record<string, unknown>)[`${service}V1`] as Record<string, unknown> | undefined;
  const ctor = module?.[`${capitalized(service)}ServiceClient`];
  if (typeof ctor !== 'function') throw new Error(`@platform/proto has no ${service}V1.${capitalized(service)}ServiceClient for the service '${service}'`);
  return ctor as ClientClass;
}

/**
 * One client per callee of `caller` (the registry's `calls`, at the addresses its configuration
 * gives: `callees` maps a callee to its `<SVC>_GRPC_URL`), each presenting `tokens`. Channels
 * connect on their first call. `close` closes them all.
 */
export function platformClients(caller: string, callees: Readonly<Record<string, string>>, tokens: ServiceTokens): PlatformClients & { close(): void } {
  const clients = new Map<string, PlatformClient<Client>>();
  for (const [service, address] of Object.entries(callees)) {
    if (!address) continue;
    const client = createClient(clientClassOf(service), address);
    clients.set(service, {
      service,
      client,
      token: () => tokens.current(),
      call: (method, request, options) => unary(client, method, request, { ...options, token: tokens.current() }),
    });
  }
  return {
    has: (service) => clients.has(service),
    of<N extends PlatformServiceName>(service: N) {
      const found = clients.get(service);
      if (found) return found as unknown as PlatformClient<ServiceClientOf<N>>;
      if (!(service in callees))
        throw new Error(`'${caller}' calls '${service}', which the service registry does not list in its calls (libs/platform/registry/registry.json)`);
      throw new Error(`'${caller}' calls '${service}', but ${grpcUrlEnv(service)} is empty`);
    },
    close: () => {
      for (const { client } of clients.values()) client.close();
    },
  };
}
