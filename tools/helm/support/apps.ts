import { REGISTRY, calleesOf, callersOf } from '@platform/registry';

/**
 * The apps that ship as images and need chart values: every app of the service registry but the
 * development-only tools (the mail catcher), sorted by name.
 */
export function deployableApps(): string[] {
  return REGISTRY.filter((app) => app.kind !== 'dev-tool')
    .map((app) => app.name)
    .sort();
}

/** The deployable apps, in `npm start` order (what the image test starts). */
export function runnableApps(): string[] {
  return [...REGISTRY]
    .filter((app) => app.kind !== 'dev-tool')
    .sort((a, b) => a.order - b.order)
    .map((app) => app.name);
}

/** The apps that call the gRPC service `service` (its NetworkPolicy callers), from the registry. */
export const grpcCallers = (service: string): string[] => callersOf(service);

/** The gRPC services an app calls (its egress NetworkPolicy callees), from the registry, sorted. */
export function grpcCallees(app: string): string[] {
  const entry = REGISTRY.find((a) => a.name === app);
  return entry ? [...calleesOf(entry)].sort() : [];
}
