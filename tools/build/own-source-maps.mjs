// Injected at the top of every app bundle by bundle.mjs, so it runs before any package loads.
//
// Under --enable-source-maps Node reads the source map of every module that names one, packages in
// node_modules included, and keeps it in the module's heap for the process's life: 2.3 MB in the
// gateway (gRPC, NATS and OpenTelemetry ship maps, some with their TypeScript sources). Stack
// traces map the workspace's own code only (trim-source-map.mjs): package frames keep their .js
// positions, as bundled packages' frames already do. The bundle's own map was read before this
// runs (Node reads it when it compiles main.js), so it stays.
import { getSourceMapsSupport, setSourceMapsSupport } from 'node:module';

const { enabled, generatedCode } = getSourceMapsSupport();
if (enabled) setSourceMapsSupport(true, { nodeModules: false, generatedCode });
