import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Options } from '@grpc/proto-loader';
import { protoDir } from './proto-dir';

/** The options every process uses to load descriptors, so that field names agree everywhere. */
export const LOADER_OPTIONS: Options = {
  keepCase: false,
  longs: String,
  enums: String,
  defaults: true,
  arrays: true,
  objects: true,
  oneofs: true,
};

/** Every platform .proto file, relative to the proto directory. */
export function platformProtoFiles(root = protoDir()): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry.endsWith('.proto')) out.push(path.relative(root, full));
    }
  };
  walk(path.join(root, 'platform'));
  return out.sort();
}
