// The subject catalogue as the generator reads it: libs/platform/messaging/src/catalogue/subjects.ts
// (each subject with its SUBJECTS key and the proto message of its payload) and, from the message's
// .proto, one string field a test can set. Read as text, so that it works before any code is
// generated (the catalogue imports @platform/proto); new-service.spec.ts checks the reading against
// the catalogue the code imports.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { workspace } from './registry.mjs';

const SUBJECTS_FILE = 'libs/platform/messaging/src/catalogue/subjects.ts';
const PROTO_INDEX = 'libs/proto/src/index.ts';

/** The body of `export const <name> = { … }` in `text`. */
function objectLiteral(text, name) {
  const match = new RegExp(`export const ${name} = \\{([^}]*)\\}`).exec(text);
  if (!match) throw new Error(`${SUBJECTS_FILE}: no ${name} table found`);
  return match[1];
}

/** The first `string` field of proto message `message` (camelCase, as ts-proto names it). */
function stringFieldOf(protoText, message, protoFile) {
  const body = new RegExp(`\\bmessage ${message} \\{([^}]*)\\}`).exec(protoText)?.[1];
  const field = body && /^\s*string (\w+) = \d+;/m.exec(body)?.[1];
  if (!field) throw new Error(`${protoFile}: message ${message} has no string field`);
  return field.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
}

/**
 * Every catalogued subject: `{ subject, key, module, message, field }`, e.g. `{ subject:
 * 'organisation.member.profile-changed', key: 'memberProfileChanged', module: 'organisationEventsV1',
 * message: 'MemberProfileChanged', field: 'organizationId' }`.
 */
export function readCatalogue(root = workspace) {
  const text = readFileSync(path.join(root, SUBJECTS_FILE), 'utf8');
  const keys = new Map([...objectLiteral(text, 'SUBJECTS').matchAll(/(\w+): '([^']+)'/g)].map(([, key, subject]) => [subject, key]));
  const modules = new Map(
    [...readFileSync(path.join(root, PROTO_INDEX), 'utf8').matchAll(/export \* as (\w+) from '\.\/generated\/([^']+)'/g)].map(([, name, file]) => [
      name,
      `proto/${file}.proto`,
    ]),
  );
  return [...objectLiteral(text, 'MESSAGE_CATALOGUE').matchAll(/'([^']+)': (\w+)\.(\w+),/g)].map(([, subject, module, message]) => {
    const key = keys.get(subject);
    const protoFile = modules.get(module);
    if (!key) throw new Error(`${SUBJECTS_FILE}: '${subject}' has no SUBJECTS key`);
    if (!protoFile) throw new Error(`${PROTO_INDEX}: no generated module ${module}`);
    return { subject, key, module, message, field: stringFieldOf(readFileSync(path.join(root, protoFile), 'utf8'), message, protoFile) };
  });
}
