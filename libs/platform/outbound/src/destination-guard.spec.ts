import { get, createServer as createHttpServer } from 'node:http';
import { createServer, connect, type AddressInfo } from 'node:net';
import { parseAllowedDestinations } from './allow-list';
import { createDestinationGuard, DestinationRefused, DestinationUnresolved, type ResolvedAddress } from './destination-guard';
import { checkHttpUrl, pinnedAgent, pinnedLookup } from './http-destination';

/** A resolver with fixed answers, counting the questions it was asked. */
function fakeDns(answers: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve = async (host: string): Promise<ResolvedAddress[]> => {
    asked.push(host);
    const found = answers[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, asked };
}

async function refusal(promise: Promise<unknown>): Promise<DestinationRefused> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof DestinationRefused) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('the outbound-destination guard (SMTP)', () => {
  const dns = fakeDns({
    'smtp.example.org': ['93.184.215.14'],
    'rebind.example.org': ['127.0.0.1'],
    'metadata.example.org': ['169.254.169.254'],
    'mixed.example.org': ['93.184.215.14', '10.1.2.3'],
    'v6.example.org': ['2a00:1450:4001:80b::200e'],
    'mapped.example.org': ['::ffff:127.0.0.1'],
    'relay.internal': ['10.0.0.25'],
    'slow.example.org': [],
  });
  const guard = createDestinationGuard({ feature: 'smtp', allowed: [], resolve: dns.resolve });

  it('answers the resolved public address, with the name kept for TLS', async () => {
    await expect(guard.check('smtp.example.org', 587)).resolves.toEqual({
      host: 'smtp.example.org',
      port: 587,
      address: '93.184.215.14',
      family: 4,
      servername: 'smtp.example.org',
      allowedBy: 'public',
    });
    await expect(guard.check('v6.example.org', 465)).resolves.toMatchObject({ address: '2a00:1450:4001:80b::200e', family: 6 });
    await expect(guard.check('8.8.8.8', 25)).resolves.toMatchObject({ address: '8.8.8.8', servername: undefined });
  });

  it.each([25, 465, 587, 2525])('allows SMTP port %i', async (port) => {
    await expect(guard.check('smtp.example.org', port)).resolves.toMatchObject({ port });
  });

  it.each([6379, 5432, 4222, 80, 443, 1025, 0, 65536])('refuses port %i before any lookup (rule port, field port)', async (port) => {
    const before = dns.asked.length;
    const err = await refusal(guard.check('smtp.example.org', port));
    expect(err).toMatchObject({ rule: 'port', field: 'port', violations: [{ field: 'port' }] });
    expect(err.message).toContain('rule: port');
    expect(dns.asked.length).toBe(before);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['localhost.', 'loopback'],
    ['10.0.0.5', 'private'],
    ['169.254.169.254', 'metadata'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['fd00::1', 'unique-local'],
  ])('refuses the address %s (%s) on field host', async (host, rule) => {
    const resolveAsked = host === 'localhost.' ? fakeDns({ localhost: ['127.0.0.1'] }) : dns;
    const g = host === 'localhost.' ? createDestinationGuard({ feature: 'smtp', allowed: [], resolve: resolveAsked.resolve }) : guard;
    const err = await refusal(g.check(host, 25));
    expect(err).toMatchObject({ rule, field: 'host', violations: [{ field: 'host' }] });
    expect(err.message).toContain(`rule: ${rule}`);
  });

  it('refuses a name whose DNS answers a private, loopback, metadata or mapped address', async () => {
    expect((await refusal(guard.check('rebind.example.org', 587))).rule).toBe('loopback');
    expect((await refusal(guard.check('metadata.example.org', 587))).message).toMatch(/resolves to 169\.254\.169\.254.*metadata/);
    expect((await refusal(guard.check('mapped.example.org', 587))).rule).toBe('loopback');
  });

  it('refuses a name when any of its addresses is refused, whatever their order', async () => {
    expect((await refusal(guard.check('mixed.example.org', 587))).rule).toBe('private');
  });

  it('looks the name up once: the answer it checked is the address to connect to', async () => {
    const once = fakeDns({ 'smtp.example.org': ['93.184.215.14'] });
    const g = createDestinationGuard({ feature: 'smtp', allowed: [], resolve: once.resolve });
    const checked = await g.check('smtp.example.org', 587);
    expect(once.asked).toEqual(['smtp.example.org']);
    const lookup = pinnedLookup(checked);
    const answers: unknown[] = [];
    lookup('smtp.example.org', { all: true }, (_err, address) => answers.push(address));
    lookup('smtp.example.org', {}, (_err, address, family) => answers.push([address, family]));
    expect(answers).toEqual([[{ address: '93.184.215.14', family: 4 }], ['93.184.215.14', 4]]);
    expect(once.asked).toEqual(['smtp.example.org']);
  });

  it('reports a name that does not resolve, or not in time, as unresolved (not refused)', async () => {
    await expect(guard.check('nowhere.example.org', 587)).rejects.toBeInstanceOf(DestinationUnresolved);
    await expect(guard.check('slow.example.org', 587)).rejects.toMatchObject({ code: 'ENOTFOUND' });
    const hanging = createDestinationGuard({ feature: 'smtp', allowed: [], resolve: () => new Promise(() => undefined), lookupTimeoutMs: 20 });
    await expect(hanging.check('smtp.example.org', 587)).rejects.toMatchObject({ code: 'ETIMEOUT' });
  });

  describe('with destinations an operator allows', () => {
    const allowed = parseAllowedDestinations('127.0.0.1:1025, relay.internal:25 [::1]:2525');
    const g = createDestinationGuard({ feature: 'smtp', allowed, resolve: dns.resolve });

    it('lets the named destinations through, on their own port only', async () => {
      await expect(g.check('127.0.0.1', 1025)).resolves.toMatchObject({ address: '127.0.0.1', allowedBy: 'operator' });
      await expect(g.check('relay.internal', 25)).resolves.toMatchObject({ address: '10.0.0.25', servername: 'relay.internal', allowedBy: 'operator' });
      await expect(g.check('RELAY.internal.', 25)).resolves.toMatchObject({ allowedBy: 'operator' });
      await expect(g.check('[::1]', 2525)).resolves.toMatchObject({ address: '::1', family: 6 });
      expect((await refusal(g.check('127.0.0.1', 25))).rule).toBe('loopback');
      expect((await refusal(g.check('127.0.0.1', 6379))).rule).toBe('port');
      expect((await refusal(g.check('relay.internal', 587))).rule).toBe('private');
    });

    it('allows nothing else on loopback or the private ranges', async () => {
      expect((await refusal(g.check('rebind.example.org', 587))).rule).toBe('loopback');
      expect((await refusal(g.check('10.0.0.26', 25))).rule).toBe('private');
    });

    it('checks the static rules on save: port and literal addresses, no lookup', () => {
      const before = dns.asked.length;
      expect(() => g.checkStatic('127.0.0.1', 1025)).not.toThrow();
      expect(() => g.checkStatic('smtp.example.org', 587)).not.toThrow();
      expect(() => g.checkStatic('rebind.example.org', 587)).not.toThrow(); // decided when connecting
      expect(() => g.checkStatic('127.0.0.1', 587)).toThrow(/rule: loopback/);
      expect(() => g.checkStatic('localhost', 587)).toThrow(/rule: loopback/);
      expect(() => g.checkStatic('169.254.169.254', 25)).toThrow(/rule: metadata/);
      expect(() => g.checkStatic('smtp.example.org', 6379)).toThrow(/rule: port/);
      expect(dns.asked.length).toBe(before);
    });
  });

  it('rejects an allow-list it cannot read', () => {
    expect(() => parseAllowedDestinations('mail.example.org')).toThrow(/host:port/);
    expect(() => parseAllowedDestinations('mail.example.org:99999')).toThrow(/host:port/);
    expect(() => parseAllowedDestinations('::1:25')).toThrow(/host:port/);
    expect(parseAllowedDestinations('')).toEqual([]);
    expect(parseAllowedDestinations(' Mail.Example.org.:587 ,[::1]:25')).toEqual([
      { host: 'mail.example.org', port: 587 },
      { host: '::1', port: 25 },
    ]);
  });
});

describe('the HTTP(S) helper', () => {
  const dns = fakeDns({ 'site.example.org': ['93.184.215.14'], 'inside.example.org': ['192.168.1.1'] });
  const guard = createDestinationGuard({ feature: 'http', allowed: parseAllowedDestinations('127.0.0.1:8090'), resolve: dns.resolve });

  it('checks scheme, port and address of a tenant URL', async () => {
    await expect(checkHttpUrl(guard, 'https://site.example.org/api/v1')).resolves.toMatchObject({
      destination: { address: '93.184.215.14', port: 443, servername: 'site.example.org' },
    });
    await expect(checkHttpUrl(guard, 'http://site.example.org/')).resolves.toMatchObject({ destination: { port: 80 } });
    await expect(checkHttpUrl(guard, 'http://127.0.0.1:8090/api/v1')).resolves.toMatchObject({ destination: { allowedBy: 'operator' } });
    expect((await refusal(checkHttpUrl(guard, 'https://inside.example.org/'))).rule).toBe('private');
    expect((await refusal(checkHttpUrl(guard, 'http://169.254.169.254/latest/meta-data/'))).rule).toBe('metadata');
    expect((await refusal(checkHttpUrl(guard, 'http://site.example.org:6379/'))).rule).toBe('port');
    expect((await refusal(checkHttpUrl(guard, 'gopher://site.example.org/'))).field).toBe('port');
    expect((await refusal(checkHttpUrl(guard, 'https://user:pw@site.example.org/'))).field).toBe('host');
    expect((await refusal(checkHttpUrl(guard, 'not a url'))).rule).toBe('invalid');
  });

  it('an HTTP request through the pinned agent reaches the checked address with the original Host', async () => {
    const server = createHttpServer((req, res) => res.end(`host=${req.headers.host}`));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const local = createDestinationGuard({
        feature: 'http',
        allowed: parseAllowedDestinations(`site.example.test:${port}`),
        resolve: fakeDns({ 'site.example.test': ['127.0.0.1'] }).resolve,
      });
      const { url, destination } = await checkHttpUrl(local, `http://site.example.test:${port}/api/v1`);
      const body = await new Promise<string>((resolve, reject) => {
        get(url, { agent: pinnedAgent(url, destination) }, (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk.toString()));
          res.on('end', () => resolve(text));
        }).on('error', reject);
      });
      expect(body).toBe(`host=site.example.test:${port}`);
    } finally {
      server.close();
    }
  });

  it('a socket with the pinned lookup connects to the checked address, not to what the name now resolves to', async () => {
    const server = createServer((socket) => socket.end('hello'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const lookup = pinnedLookup({ host: 'elsewhere.invalid', port, address: '127.0.0.1', family: 4, servername: 'elsewhere.invalid', allowedBy: 'operator' });
      const text = await new Promise<string>((resolve, reject) => {
        const socket = connect({ host: 'elsewhere.invalid', port, lookup });
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString()));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
      expect(text).toBe('hello');
    } finally {
      server.close();
    }
  });
});
