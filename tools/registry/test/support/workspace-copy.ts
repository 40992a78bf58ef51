import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@platform/testing';

const workspace = path.resolve(__dirname, '../../../..');

/**
 * A scratch copy of this workspace's sources (what git tracks, plus new files it does not ignore),
 * sharing its installed node_modules: a place to run the generator and build what it made without
 * touching the real checkout. The caller removes it.
 */
export function workspaceCopy(): string {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'workspace-copy-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: workspace, maxBuffer: 64 * 1024 * 1024 });
  // A file deleted in the working tree but still in the index would make tar fail: let tar skip it.
  execFileSync('tar', ['--null', '--ignore-failed-read', '-cf', path.join(copy, '.sources.tar'), '-T', '-'], {
    cwd: workspace,
    input: files,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  execFileSync('tar', ['-xf', '.sources.tar'], { cwd: copy });
  execFileSync('rm', ['.sources.tar'], { cwd: copy });
  linkNodeModules(copy);
  return copy;
}

/**
 * The copy's node_modules: a link to each installed package of the workspace, but the workspace's
 * own packages (`@platform/*`) linked to the copy's projects, so that Nx sees them as projects of
 * the copy (a link into the original checkout would make them external packages).
 */
function linkNodeModules(copy: string): void {
  const source = path.join(workspace, 'node_modules');
  const target = path.join(copy, 'node_modules');
  mkdirSync(path.join(target, '@platform'), { recursive: true });
  for (const entry of readdirSync(source)) {
    if (entry !== '@platform') symlinkSync(path.join(source, entry), path.join(target, entry));
  }
  for (const entry of readdirSync(path.join(source, '@platform'))) {
    const own = path.relative(workspace, realpathSync(path.join(source, '@platform', entry)));
    symlinkSync(path.join(copy, own), path.join(target, '@platform', entry));
  }
}

/** `count` distinct free ports, below the kernel's ephemeral range (see freePort of @platform/testing). */
export async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await freePort());
  return ports;
}
