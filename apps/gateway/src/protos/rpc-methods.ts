import type { MethodDefinition, Options } from '@grpc/proto-loader';
import * as protobuf from 'protobufjs';

/**
 * A gRPC method as the gateway calls it: proto-loader's `MethodDefinition` without its descriptor
 * objects (`requestType`, `responseType`), which nothing here reads.
 */
export type RpcMethod = Omit<MethodDefinition<object, object>, 'requestType' | 'responseType' | 'originalName'>;

/** The services of a proto set by full name (`platform.identity.v1.IdentityService`), their methods by name. */
export type RpcServices = Record<string, Record<string, RpcMethod>>;

/**
 * The services of a loaded protobufjs root, as proto-loader's `loadSync` would define them (same
 * paths, serializers and method options) but built from the gateway's own reflection root: the
 * protos are parsed once, and no second root with descriptor copies of every message stays in
 * memory (about 5 MB of heap).
 */
export function rpcServices(root: protobuf.Root, options: Options): RpcServices {
  const services: RpcServices = {};
  const visit = (namespace: protobuf.NamespaceBase): void => {
    for (const nested of namespace.nestedArray) {
      if (nested instanceof protobuf.Service) {
        const name = nested.fullName.replace(/^\./, '');
        services[name] = Object.fromEntries(nested.methodsArray.map((method) => [method.name, rpcMethod(name, method, options)]));
      } else if (nested instanceof protobuf.Namespace) {
        visit(nested);
      }
    }
  };
  visit(root);
  return services;
}

function rpcMethod(serviceName: string, method: protobuf.Method, options: Options): RpcMethod {
  const request = method.resolvedRequestType;
  const response = method.resolvedResponseType;
  if (!request || !response) throw new Error(`${serviceName}.${method.name}: types not resolved`);
  return {
    path: `/${serviceName}/${method.name}`,
    requestStream: Boolean(method.requestStream),
    responseStream: Boolean(method.responseStream),
    requestSerialize: serializer(request),
    requestDeserialize: deserializer(request, options),
    responseSerialize: serializer(response),
    responseDeserialize: deserializer(response, options),
    options: methodOptions(method.parsedOptions as Record<string, unknown>[] | undefined),
  };
}

// The three below do what proto-loader's createSerializer, createDeserializer and mapMethodOptions do.

function serializer(type: protobuf.Type): (value: object) => Buffer {
  return (value) => {
    if (Array.isArray(value)) throw new Error(`Failed to serialize message: expected object with ${type.name} structure, got array instead`);
    return type.encode(type.fromObject(value)).finish() as Buffer;
  };
}

function deserializer(type: protobuf.Type, options: Options): (bytes: Buffer) => object {
  return (bytes) => type.toObject(type.decode(bytes), options);
}

function methodOptions(parsed: Record<string, unknown>[] | undefined): RpcMethod['options'] {
  const out: Record<string, unknown> & { uninterpreted_option: unknown[] } = {
    deprecated: false,
    idempotency_level: 'IDEMPOTENCY_UNKNOWN',
    uninterpreted_option: [],
  };
  for (const item of parsed ?? []) {
    for (const [key, value] of Object.entries(item)) {
      if (key === 'uninterpreted_option') out.uninterpreted_option.push(value);
      else out[key] = value;
    }
  }
  return out as RpcMethod['options'];
}
