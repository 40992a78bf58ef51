import { existsSync } from 'node:fs';
import path from 'node:path';

/** prisma/migrations next to the bundle (built app) or one level up from src/ (sources, tests). */
export function migrationsDir(from: string): string {
  const candidates = [path.join(from, 'prisma/migrations'), path.join(from, '../prisma/migrations')];
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`no prisma/migrations near ${from}`);
  return found;
}
