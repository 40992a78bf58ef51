import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The app's folder (with migrations/ and fixtures/): the bundle's own folder (dist/apps/legacy-site,
 * where the build copies them), the parent of src/, or apps/legacy-site under the working directory.
 */
export function appRoot(): string {
  const candidates = [
    process.env['LEGACY_SITE_ROOT'],
    __dirname,
    path.resolve(__dirname, '..'),
    path.resolve(__dirname, '../../../apps/legacy-site'),
    path.resolve(process.cwd(), 'apps/legacy-site'),
  ].filter((c): c is string => Boolean(c));
  const found = candidates.find((dir) => existsSync(path.join(dir, 'migrations')));
  if (!found) throw new Error(`cannot find apps/legacy-site (looked in ${candidates.join(', ')}); set LEGACY_SITE_ROOT`);
  return found;
}

export const migrationsDir = () => path.join(appRoot(), 'migrations');
export const fixturesFile = () => path.join(appRoot(), 'fixtures', 'site.json');
