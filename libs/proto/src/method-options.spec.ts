import { loadPlatformDescriptors } from './descriptors';
import { platformMethodOptions } from './method-options';

describe('platformMethodOptions', () => {
  it('holds every RPC with its REST binding and access option exactly as the .proto files declare them', () => {
    const parsed: Record<string, { http: boolean; access: unknown }> = {};
    for (const entry of Object.values(loadPlatformDescriptors())) {
      if ('format' in entry) continue;
      for (const def of Object.values(entry as Record<string, { path: string; options?: Record<string, unknown> }>)) {
        parsed[def.path] = { http: Boolean(def.options?.['(google.api.http)']), access: def.options?.['(platform.options.v1.access)'] ?? null };
      }
    }
    const generated = Object.fromEntries(Object.entries(platformMethodOptions()).map(([path, o]) => [path, { http: o.http, access: o.access }]));
    expect(generated).toEqual(parsed);
  });
});
