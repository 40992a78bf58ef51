import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { LookupFunction } from 'node:net';
import { DestinationRefused, type CheckedDestination, type DestinationGuard } from './destination-guard';

/**
 * A `lookup` for node:net, node:http(s) or an undici `connect` option that answers the checked
 * address whatever it is asked: the socket connects where the guard looked, with no second lookup.
 */
export function pinnedLookup(destination: CheckedDestination): LookupFunction {
  // node:net asks with `all` when it may try several addresses (autoSelectFamily).
  return (_hostname, options, callback) => {
    if (options?.all) callback(null, [{ address: destination.address, family: destination.family }]);
    else callback(null, destination.address, destination.family);
  };
}

/**
 * Checks a tenant's URL (the legacy site's base URL, a remote file): http or https only, no
 * credentials in it, then the guard's port and address rules (80/443 unless an operator allows it).
 */
export async function checkHttpUrl(guard: DestinationGuard, url: string | URL): Promise<{ url: URL; destination: CheckedDestination }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DestinationRefused('invalid', 'host', 'The URL is not valid');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new DestinationRefused('port', 'port', `The URL must be http or https, not ${parsed.protocol}`);
  if (parsed.username || parsed.password) throw new DestinationRefused('invalid', 'host', 'The URL must not carry a user name or password');
  const port = parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80;
  const destination = await guard.check(parsed.hostname, port);
  return { url: parsed, destination };
}

/**
 * An agent for one checked destination (node:http or node:https by the URL's scheme): its sockets
 * go to the checked address, TLS verifies the name the tenant gave. Follow no redirect with it: a
 * redirect is a new destination and goes through `checkHttpUrl` again.
 */
export function pinnedAgent(url: URL, destination: CheckedDestination): HttpAgent | HttpsAgent {
  const options = { keepAlive: false, lookup: pinnedLookup(destination) };
  return url.protocol === 'https:' ? new HttpsAgent({ ...options, servername: destination.servername }) : new HttpAgent(options);
}
