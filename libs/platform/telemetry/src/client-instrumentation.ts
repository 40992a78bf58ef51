import { readFileSync } from 'node:fs';
import path from 'node:path';
import { registerInstrumentations, type Instrumentation, type InstrumentationModuleDefinition } from '@opentelemetry/instrumentation';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';

// Client spans for PostgreSQL (pg, under Prisma's driver adapter, the outbox relay and migrations)
// and Redis (ioredis). Loaded by sdk-tracing.ts only: a process that records no spans never loads or
// registers these.

/**
 * The instrumentations, configured so that spans carry what a call did and never the data it
 * carried: SQL text (Prisma and our stores send parameters separately, as `$1`…) without the
 * parameter values (`enhancedDatabaseReporting` off), and a Redis command's name without its
 * arguments (keys hold tokens and email addresses). Only calls made inside a span are traced, as
 * children of it: the relay's and the jobs' polling would otherwise make a trace per poll.
 */
function clientInstrumentations(): Instrumentation[] {
  return [
    new PgInstrumentation({
      requireParentSpan: true,
      enhancedDatabaseReporting: false,
      // The package names the span by it (`pg.query:SELECT test`) but puts it only on its metrics.
      requestHook: (span, { query }) => {
        const operation = /^\s*([A-Za-z]+)/.exec(query.text)?.[1];
        if (operation) span.setAttribute('db.operation.name', operation.toUpperCase());
      },
    }),
    new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
  ];
}

/**
 * Registers the instrumentations: the require hook patches pg and ioredis when a module loads them
 * later, and the copies already loaded are patched here. A service's bundle loads them (externals)
 * with its imports, before its main calls initTelemetry, so the hook alone would see nothing; their
 * patches wrap the classes' prototypes (`Client.prototype.query`, `Redis.prototype.sendCommand`),
 * which the modules that loaded them earlier share. Returns the unregistration, which undoes the
 * patches.
 */
export function startClientInstrumentation(): () => void {
  const instrumentations = clientInstrumentations();
  const unregister = registerInstrumentations({ instrumentations });
  for (const instrumentation of instrumentations) {
    const definitions = (instrumentation as Instrumentation & { getModuleDefinitions(): InstrumentationModuleDefinition[] }).getModuleDefinitions();
    for (const definition of definitions) patchLoaded(definition);
  }
  return unregister;
}

/** Patches the package a definition names if this process has already loaded it (and leaves it alone otherwise). */
function patchLoaded(definition: InstrumentationModuleDefinition): void {
  const loaded = loadedPackage(definition.name);
  if (!loaded || !definition.patch) return;
  // Recorded as the require hook records them, so that unregistering unpatches this copy too.
  definition.moduleExports = loaded.exports;
  definition.moduleVersion = loaded.version;
  definition.patch(loaded.exports, loaded.version);
}

/**
 * The exports and version of an installed package this process has loaded, resolved as the app's
 * own `require(name)` resolves it; undefined when it is absent or not loaded. The name is a variable
 * on purpose: a literal would make the bundler list the package as a dependency of every app.
 */
function loadedPackage(name: string): { exports: unknown; version: string } | undefined {
  let main: string;
  try {
    main = require.resolve(name);
  } catch {
    return undefined;
  }
  const loaded = require.cache[main];
  if (!loaded?.loaded) return undefined;
  for (let dir = path.dirname(main); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name && pkg.version) return { exports: loaded.exports, version: pkg.version };
    } catch {
      // no package.json at this level
    }
  }
  return undefined;
}
