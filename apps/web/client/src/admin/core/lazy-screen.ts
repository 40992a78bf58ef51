import { lazy, type ComponentType } from 'react';

/**
 * A screen loaded when first shown (react-admin's layout waits for it in its Suspense), so the
 * console's first screen carries only the dashboard: `lazyScreen(() => import('./members'), 'MemberList')`.
 */
export function lazyScreen<Module extends Record<string, unknown>>(load: () => Promise<Module>, name: keyof Module & string): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
