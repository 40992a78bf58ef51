import net, { type AddressInfo, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** `<scheme>://…@127.0.0.1:<proxy port>/…`: the URL given, pointed at the proxy instead of its server. */
  urlOf(url: string): string;
  /**
   * Stages an outage: stops listening (new connections are refused, ECONNREFUSED) and drops every
   * open connection (its peer sees the socket reset or closed), as when the server goes down.
   */
  cut(): Promise<void>;
  /**
   * Stages a network partition: open connections are dropped, new ones are accepted but nothing
   * travels either way, so clients wait for their own timeouts.
   */
  stall(): Promise<void>;
  /** Listens and relays again, on the same port (connections held by `stall` are dropped). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay to a real server (PostgreSQL, Redis, NATS) that a test can cut and restore, to stage
 * an outage without touching the shared server: point the code under test at `urlOf(serverUrl)`.
 */
export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  let mode: 'relay' | 'stall' = 'relay';
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const accept = (client: Socket) => {
    track(client);
    if (mode === 'stall') return; // held open, never answered
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const next = net.createServer(accept);
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        resolve((next.address() as AddressInfo).port);
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = undefined;
      if (!current) return resolve();
      current.close(() => resolve());
    });
  const port = await listen(0);
  return {
    port,
    urlOf(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    async cut() {
      const closed = stopListening();
      dropAll();
      await closed;
    },
    async stall() {
      mode = 'stall';
      dropAll();
      if (!server) await listen(port);
    },
    async restore() {
      if (mode === 'stall') dropAll();
      mode = 'relay';
      if (!server) await listen(port);
    },
    async close() {
      const closed = stopListening();
      dropAll();
      await closed;
    },
  };
}
