import { guardedFetch, isWithinBase, OffTargetError, productionReason } from './url-guard';

describe('productionReason', () => {
  it.each([
    'http://127.0.0.1:8080',
    'http://api.example.org',
    'https://localhost:8443',
    'https://app.localhost',
    'https://127.0.0.2',
    'https://[::1]:8443',
    'https://platform.test',
    'https://gateway.cluster.local',
    'https://api.staging.example.org',
    'https://staging.example.org',
    'https://api-staging.example.org',
    'https://stg2.example.org',
    'https://uat.example.org',
    'https://preprod-api.example.org',
  ])('lets %s through', (url) => {
    expect(productionReason(new URL(url))).toBeUndefined();
  });

  it.each(['https://api.example.org', 'https://members.example.be', 'https://stagingarea.example.org', 'https://backstage.example.org', 'https://10.0.0.5'])(
    'refuses %s',
    (url) => {
      expect(productionReason(new URL(url))).toContain(new URL(url).origin);
    },
  );
});

describe('isWithinBase', () => {
  const base = new URL('http://127.0.0.1:8080/platform');
  it('accepts the base and paths under it', () => {
    expect(isWithinBase(base, new URL('http://127.0.0.1:8080/platform'))).toBe(true);
    expect(isWithinBase(base, new URL('http://127.0.0.1:8080/platform/api/auth/me'))).toBe(true);
  });
  it('refuses another origin, port, scheme or path', () => {
    expect(isWithinBase(base, new URL('http://127.0.0.1:8081/platform/api'))).toBe(false);
    expect(isWithinBase(base, new URL('https://127.0.0.1:8080/platform/api'))).toBe(false);
    expect(isWithinBase(base, new URL('http://example.org/platform/api'))).toBe(false);
    expect(isWithinBase(base, new URL('http://127.0.0.1:8080/platformx/api'))).toBe(false);
    expect(isWithinBase(base, new URL('http://127.0.0.1:8080/api'))).toBe(false);
  });
});

describe('guardedFetch', () => {
  it('sends within the base without following redirects, and throws before sending elsewhere', async () => {
    const seen: Request[] = [];
    const inner = (async (request: Request) => {
      seen.push(request);
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    const send = guardedFetch(new URL('http://127.0.0.1:8080'), inner);
    expect((await send(new Request('http://127.0.0.1:8080/api/auth/health'))).status).toBe(204);
    expect(seen[0]?.redirect).toBe('manual');
    await expect(send(new Request('http://evil.example/api'))).rejects.toThrow(OffTargetError);
    expect(seen).toHaveLength(1);
  });
});
