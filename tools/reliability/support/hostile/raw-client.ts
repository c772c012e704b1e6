import { openRaw, type RawConnection } from '@tickler/testing';

/** Resolves once a whole answer (head and Content-Length body) has arrived. */
function answered(c: RawConnection): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => {
      const text = c.received();
      const head = text.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? NaN);
      if (head >= 0 && Buffer.byteLength(text) >= head + 4 + length) {
        c.socket.removeListener('data', check);
        resolve();
      }
    };
    c.socket.on('data', check);
    check();
  });
}

/** The status code of a raw HTTP answer (0 when none arrived). */
export function statusOf(text: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
}

/**
 * Sends one request with a raw body over a fresh connection: the status, the time from the
 * first byte sent to the first byte of the answer, and the answer's size.
 */
export async function timedPost(
  url: string,
  path: string,
  token: string,
  body: string,
): Promise<{ status: number; ms: number; bytes: number }> {
  const c = await openRaw(url);
  let answeredAt: bigint | undefined;
  c.socket.once('data', () => (answeredAt = process.hrtime.bigint()));
  const started = process.hrtime.bigint();
  c.socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
  );
  c.socket.write(body);
  // The daemon answers before the body has arrived and reads the rest; once the whole answer
  // is here, this side hangs up.
  await Promise.race([c.closed, answered(c)]);
  const ms = Number((answeredAt ?? process.hrtime.bigint()) - started) / 1e6;
  c.socket.destroy();
  return { status: statusOf(c.received()), ms, bytes: c.received().length };
}
