import path from 'node:path';
import { type ProtoSource, loadProtoSource } from '../../src/protos/proto-source';

export const FIXTURES_DIR = path.join(__dirname, '..', 'fixtures');

let cached: ProtoSource | undefined;

/** The platform protos plus the test-only `platform.fixture.v1.FixtureService`. */
export function fixtureProtos(): ProtoSource {
  cached ??= loadProtoSource({ includeDir: FIXTURES_DIR, files: ['platform/fixture/v1/fixture.proto'] });
  return cached;
}

/** The platform protos plus one of the deliberately broken fixtures under fixtures/bad. */
export function badProtos(file: string): ProtoSource {
  return loadProtoSource({ includeDir: FIXTURES_DIR, files: [`bad/${file}`] });
}
