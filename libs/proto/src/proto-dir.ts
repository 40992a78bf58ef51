import { existsSync } from 'node:fs';
import path from 'node:path';

const MARKER = path.join('platform', 'options', 'v1', 'access.proto');

/**
 * The directory holding the .proto sources: PROTO_DIR when set, else the nearest `proto/` folder
 * above this file (the repository in development, the app folder in a built image).
 */
export function protoDir(): string {
  const fromEnv = process.env['PROTO_DIR'];
  if (fromEnv) return fromEnv;
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'proto');
    if (existsSync(path.join(candidate, MARKER))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`proto sources not found above ${__dirname}; set PROTO_DIR`);
  }
}
