import { AUTHORITIES } from '@platform/auth';
import { loadPlatformDescriptors } from './descriptors';

interface MethodDef {
  path: string;
  options?: Record<string, unknown>;
}

/** Every RPC of every platform service, with its options. */
function methods(): Array<{ name: string; def: MethodDef }> {
  const out: Array<{ name: string; def: MethodDef }> = [];
  for (const [service, entry] of Object.entries(loadPlatformDescriptors())) {
    if ('format' in entry) continue;
    for (const [method, def] of Object.entries(entry as Record<string, MethodDef>)) out.push({ name: `${service}.${method}`, def });
  }
  return out;
}

describe('the proto contract', () => {
  const all = methods();
  const exposed = all.filter((m) => m.def.options?.['(google.api.http)']);

  it('has services with REST-exposed RPCs', () => {
    expect(exposed.length).toBeGreaterThan(0);
  });

  it('gives every REST-exposed RPC an auth level', () => {
    const missing = exposed
      .filter((m) => {
        const access = m.def.options?.['(platform.options.v1.access)'] as { auth?: string } | undefined;
        return !access?.auth || access.auth === 'AUTH_LEVEL_UNSPECIFIED';
      })
      .map((m) => m.name);
    expect(missing).toEqual([]);
  });

  it('names only authorities of the role table', () => {
    const unknown = exposed
      .map((m) => (m.def.options?.['(platform.options.v1.access)'] as { authority?: string }).authority)
      .filter((a): a is string => !!a && !(AUTHORITIES as readonly string[]).includes(a));
    expect(unknown).toEqual([]);
  });

  it('binds every REST path under /api', () => {
    const paths = exposed.flatMap((m) => {
      const rule = m.def.options?.['(google.api.http)'] as Record<string, unknown>;
      const extra = rule['additional_bindings'];
      const rules = [rule, ...(Array.isArray(extra) ? extra : extra ? [extra] : [])] as Array<Record<string, unknown>>;
      return rules.map((r) => String(r['get'] ?? r['post'] ?? r['put'] ?? r['delete'] ?? r['patch']));
    });
    expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual([]);
  });
});
