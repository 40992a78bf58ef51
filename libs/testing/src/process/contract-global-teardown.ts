import { rmSync } from 'node:fs';
import type { SharedContractProxies } from './contract-proxy';
import { SHARED_KEY } from './contract-global-setup';

/** Stops the run's shared Prisms and their switch (contract-global-setup.ts). */
export default async function globalTeardown(): Promise<void> {
  const started = (globalThis as Record<string, unknown>)[SHARED_KEY] as { shared: SharedContractProxies; documentFile: string } | undefined;
  if (!started) return;
  await started.shared.stop();
  rmSync(started.documentFile, { force: true });
}
