// The generator block every service's prisma/schema.prisma uses (see libs/platform/db/README.md).
// Checked before generating so that a drifting schema fails with a clear message instead of a
// client that compiles but cannot be loaded under Jest or from the esbuild bundle.
export const GENERATOR_CONVENTION = {
  provider: 'prisma-client',
  output: '../src/store/generated',
  moduleFormat: 'cjs',
  importFileExtension: '',
  runtime: 'nodejs',
};

/** `key = "value"` settings of the first generator block (string values only). */
export function generatorSettings(schemaText) {
  const block = /^\s*generator\s+\w+\s*\{([\s\S]*?)^\s*\}/m.exec(schemaText)?.[1];
  if (block === undefined) return undefined;
  const settings = {};
  for (const match of block.matchAll(/^\s*(\w+)\s*=\s*"([^"]*)"\s*(?:\/\/.*)?$/gm)) settings[match[1]] = match[2];
  return settings;
}

/** Problems with the schema's generator block; empty when it follows the convention. */
export function conventionProblems(schemaText) {
  const settings = generatorSettings(schemaText);
  if (!settings) return ['no generator block'];
  return Object.entries(GENERATOR_CONVENTION)
    .filter(([key, expected]) => settings[key] !== expected)
    .map(([key, expected]) => `generator ${key} must be ${JSON.stringify(expected)} (found ${JSON.stringify(settings[key])})`);
}
