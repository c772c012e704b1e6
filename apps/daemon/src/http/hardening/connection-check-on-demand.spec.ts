import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { checkConnectionsOnDemand } from './connection-check-on-demand';

// Issue 28 item 6: Node's connections check must not wake an idle daemon. The behaviour it
// enforces (408 for a request trickling in) is covered end to end in
// test/hardening-connections.e2e.spec.ts; here the timer's life.

describe('checkConnectionsOnDemand', () => {
  let server: http.Server;
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  async function listen(): Promise<{
    check: ReturnType<typeof checkConnectionsOnDemand>;
    port: number;
  }> {
    server = http.createServer({ connectionsCheckingInterval: 1_000 }, (_req, res) =>
      res.end('ok'),
    );
    const check = checkConnectionsOnDemand(server, 1_000);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { check, port: (server.address() as AddressInfo).port };
  }

  it("takes over Node's interval: no timer while no connection is open", async () => {
    const { check } = await listen();
    expect(check.onDemand).toBe(true);
    expect(check.armed()).toBe(false);
  });

  it('arms the check while a connection is open and disarms it when the last one closes', async () => {
    const { check, port } = await listen();
    // The test's listeners come after the check's, so they see its bookkeeping done.
    let closed = 0;
    const allClosed = new Promise<void>((resolve) =>
      server.on('connection', (socket: net.Socket) =>
        socket.once('close', () => (++closed === 2 ? resolve() : undefined)),
      ),
    );
    const accepted = new Promise((resolve) => server.once('connection', resolve));
    const first = net.connect(port, '127.0.0.1');
    const second = net.connect(port, '127.0.0.1');
    await accepted;
    expect(check.armed()).toBe(true);
    await new Promise((resolve) => second.once('connect', resolve));
    first.destroy();
    second.destroy();
    await allClosed;
    expect(check.armed()).toBe(false);
  });
});
