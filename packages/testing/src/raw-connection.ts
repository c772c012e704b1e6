import net from 'node:net';

/** A raw TCP connection to a server: what came back, and when the server ended or closed it. */
export interface RawConnection {
  readonly socket: net.Socket;
  /** Everything received so far, as text. */
  received(): string;
  /** Resolves when the server ends its side (FIN) or the socket closes. */
  readonly closed: Promise<void>;
  /** Resolves only when the socket is closed both ways (a half-close is not enough). */
  readonly gone: Promise<void>;
}

/**
 * Opens a raw connection to `url`'s host and port (for requests no HTTP client would send).
 * `allowHalfOpen`: keep sending after the server ended its side, as a hostile client would (by
 * default the socket ends its own side then, as HTTP clients do).
 */
export function openRaw(
  url: string,
  options: { allowHalfOpen?: boolean } = {},
): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({
      port: Number(port),
      host: hostname,
      allowHalfOpen: options.allowHalfOpen ?? false,
    });
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
    socket.on('error', () => undefined);
    const gone = new Promise<void>((done) => socket.once('close', () => done()));
    const closed = Promise.race([
      gone,
      new Promise<void>((done) => socket.once('end', () => done())),
    ]);
    socket.once('connect', () => resolve({ socket, received: () => data, closed, gone }));
    socket.once('error', reject);
  });
}
