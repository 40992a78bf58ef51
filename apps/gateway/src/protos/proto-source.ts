import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import * as protobuf from 'protobufjs';
import { LOADER_OPTIONS, platformProtoFiles, protoDir } from '@platform/proto';
import descriptorJson from 'protobufjs/google/protobuf/descriptor.json';
import { type RpcServices, rpcServices } from './rpc-methods';

// google/protobuf/descriptor.proto (imported by the options proto) is not among protobufjs' bundled
// files until proto-loader registers it, and only on its own protobufjs instance. Registering it here
// does not depend on both resolving to the same module (a bundle may hold its own copy).
protobuf.common(
  'descriptor',
  (descriptorJson as { nested: { google: { nested: { protobuf: { nested: Record<string, unknown> } } } } }).nested.google.nested.protobuf.nested,
);

/** The gateway's view of the contracts, loaded once at start. */
export interface ProtoSource {
  /** The services: methods, serializers and options (what gRPC calls use), as proto-loader defines them. */
  definition: RpcServices;
  /**
   * protobufjs reflection of the same files: message fields with their `json_name`, enums and
   * comments (proto-loader's descriptor objects drop `json_name`, which the REST names need).
   */
  root: protobuf.Root;
}

/** More .proto files to load beside the platform's (tests use a fixture service). */
export interface ExtraProtos {
  includeDir: string;
  files: string[];
}

export function loadProtoSource(extra?: ExtraProtos): ProtoSource {
  const base = protoDir();
  const files = [...platformProtoFiles(base), ...(extra?.files ?? [])];
  const includeDirs = extra ? [base, extra.includeDir] : [base];
  const root = loadReflection(files, includeDirs);
  return { definition: rpcServices(root, LOADER_OPTIONS), root };
}

function loadReflection(files: string[], includeDirs: string[]): protobuf.Root {
  const root = new protobuf.Root();
  const fallback = root.resolvePath.bind(root);
  // Same lookup as proto-loader: include directories first, then protobufjs' bundled
  // google/protobuf files (descriptor.proto, struct.proto, ...).
  root.resolvePath = (origin, target) => {
    if (path.isAbsolute(target)) return target;
    for (const dir of includeDirs) {
      const full = path.join(dir, target);
      try {
        accessSync(full, constants.R_OK);
        return full;
      } catch {
        // not in this directory
      }
    }
    return fallback(origin, target);
  };
  root.loadSync(files, { keepCase: LOADER_OPTIONS.keepCase ?? false, alternateCommentMode: true });
  root.resolveAll();
  return root;
}
