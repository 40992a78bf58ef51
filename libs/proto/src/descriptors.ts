import * as protoLoader from '@grpc/proto-loader';
import { protoDir } from './proto-dir';
import { LOADER_OPTIONS, platformProtoFiles } from './proto-files';

let cached: protoLoader.PackageDefinition | undefined;

/** The package definition of all platform protos (services, messages and their options). */
export function loadPlatformDescriptors(): protoLoader.PackageDefinition {
  if (!cached) {
    const root = protoDir();
    cached = protoLoader.loadSync(platformProtoFiles(root), { ...LOADER_OPTIONS, includeDirs: [root] });
  }
  return cached;
}
