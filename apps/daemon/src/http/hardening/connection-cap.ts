import { type Server, type Socket } from 'node:net';

/** The raw answer to a connection over the cap (no HTTP parsing has happened yet). */
function busyAnswer(max: number): string {
  const body = JSON.stringify({
    error: {
      code: 'HTTP.TOO_MANY_CONNECTIONS',
      message: `the daemon holds its maximum of ${max} connections; retry later`,
    },
  });
  return [
    'HTTP/1.1 503 Service Unavailable',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Retry-After: 1',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * At most `max` open connections: one more is answered 503 with our error body and closed at
 * once, so slow or idle clients cannot take every file descriptor.
 */
export function capConnections(server: Server, max: number): void {
  let open = 0;
  server.on('connection', (socket: Socket) => {
    if (open >= max) {
      // Destroyed once written: a client that never closes its side must not keep the fd.
      socket.end(busyAnswer(max), () => socket.destroy());
      return;
    }
    open++;
    socket.once('close', () => {
      open--;
    });
  });
}
