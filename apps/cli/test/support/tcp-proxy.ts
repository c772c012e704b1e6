import net from 'node:net';

/**
 * A loopback TCP proxy in front of the daemon, so a test can drop a live connection the way a
 * network does (both ends see it close) and refuse new ones for a while, without touching the
 * daemon process or its replay window.
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  /** Connections accepted so far. */
  accepted = 0;

  private constructor(
    private readonly targetPort: number,
    public port: number,
  ) {}

  static async start(targetPort: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetPort, 0);
    await proxy.listen();
    return proxy;
  }

  /** Listens (again) on its port: the first time on a free one. */
  async listen(): Promise<void> {
    const server = net.createServer((client) => {
      this.accepted++;
      const upstream = net.connect(this.targetPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Stops accepting and destroys every open connection (both directions). */
  async drop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = new Promise<void>((resolve) =>
      server ? server.close(() => resolve()) : resolve(),
    );
    for (const socket of this.sockets) {
      socket.destroy();
    }
    await closed;
  }
}
