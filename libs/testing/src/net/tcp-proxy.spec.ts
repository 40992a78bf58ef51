import net, { type AddressInfo } from 'node:net';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/** One line to the port and the first answer back, or the socket's error code. */
function ask(port: number, line: string, timeoutMs = 1000): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      resolve('TIMEOUT');
    });
    socket.once('connect', () => socket.write(line));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString());
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    socket.once('end', () => resolve('CLOSED'));
  });
}

describe('the TCP proxy', () => {
  let echo: net.Server;
  let proxy: TcpProxy;

  beforeAll(async () => {
    echo = net.createServer((socket) => socket.on('data', (data) => socket.write(`echo ${data.toString()}`)));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    proxy = await startTcpProxy((echo.address() as AddressInfo).port);
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise((resolve) => echo.close(resolve));
  });

  it('relays to its server, and points a URL at itself', async () => {
    expect(await ask(proxy.port, 'hello')).toBe('echo hello');
    expect(proxy.urlOf('postgresql://postgres@db.example:5432/test?sslmode=disable')).toBe(
      `postgresql://postgres@127.0.0.1:${proxy.port}/test?sslmode=disable`,
    );
  });

  it('refuses connections and drops open ones while cut, and relays again on the same port once restored', async () => {
    const open = net.connect(proxy.port, '127.0.0.1');
    await new Promise((resolve) => open.once('connect', resolve));
    const dropped = new Promise((resolve) => open.once('close', resolve));
    open.on('error', () => undefined);
    await proxy.cut();
    await dropped;
    expect(await ask(proxy.port, 'anyone?')).toBe('ECONNREFUSED');
    await proxy.restore();
    expect(await ask(proxy.port, 'back')).toBe('echo back');
  });

  it('accepts but never answers while stalled, like a network partition', async () => {
    await proxy.stall();
    expect(await ask(proxy.port, 'hello', 300)).toBe('TIMEOUT');
    await proxy.restore();
    expect(await ask(proxy.port, 'hello')).toBe('echo hello');
  });
});
