/**
 * Postgres schema names the platform accepts: lowercase letters, digits and underscores, starting
 * with a letter or underscore, at most 63 bytes. They can then be used unquoted in `search_path`
 * options and quoted safely in DDL.
 */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(`invalid Postgres schema name ${JSON.stringify(schema)}: use [a-z_][a-z0-9_]*, at most 63 characters`);
  }
  return schema;
}

/** The schema name as a quoted SQL identifier (after validation). */
export function quotedSchema(schema: string): string {
  return `"${assertSchemaName(schema)}"`;
}
