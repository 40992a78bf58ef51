import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = import.meta.dirname;
const workspace = path.resolve(here, '../../..');

// The browser app of apps/web: built into dist/apps/web/public, beside the server that serves it
// (apps/web/src). `vite` on its own serves it for development with /api sent to a running gateway.
export default defineConfig({
  root: here,
  plugins: [react()],
  resolve: {
    alias: { '@platform/api-client': path.join(workspace, 'libs/api-client/src/index.ts') },
  },
  build: {
    outDir: path.join(workspace, 'dist/apps/web/public'),
    emptyOutDir: true,
    sourcemap: true,
    // The budgets are checked on compressed sizes by the build (check-budget.mjs), not here.
    chunkSizeWarningLimit: 2000,
    // Read by check-budget.mjs: which files each entry loads.
    manifest: true,
  },
  server: {
    proxy: { '/api': process.env.WEB_API_UPSTREAM_URL ?? 'http://127.0.0.1:8081' },
  },
});
