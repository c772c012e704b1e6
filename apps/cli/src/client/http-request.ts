import http from 'node:http';

/** What one request sends. */
export interface HttpRequestInit {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** The body as text (JSON, already serialised); none when undefined. */
  readonly body?: string;
}

/** What the daemon answered: the status and the whole body as text. */
export interface HttpAnswer {
  readonly status: number;
  readonly text: string;
}

/**
 * One request over `node:http` (or `node:https` for an `https:` URL), the whole answer read.
 * Not `fetch`: every CLI command is a process start, and Node 20 loads fetch (undici) on its
 * first use — about 0.3 s of CPU, more than the rest of a `tickler list` (measured in
 * docs/testing.md, 2026-12-05). A failure to connect rejects with Node's error, whose `code`
 * (`ECONNREFUSED`, `ENOTFOUND`) says why.
 */
export async function httpRequest(url: string, init: HttpRequestInit = {}): Promise<HttpAnswer> {
  const target = new URL(url);
  // Loaded only for an https daemon: TLS is a cost a loopback daemon never needs.
  const transport = target.protocol === 'https:' ? await import('node:https') : http;
  const body = init.body === undefined ? undefined : Buffer.from(init.body, 'utf8');
  return new Promise<HttpAnswer>((resolve, reject) => {
    const request = transport.request(
      target,
      {
        method: init.method ?? 'GET',
        headers: {
          ...init.headers,
          // A known length, never chunked: the daemon bounds bodies by their declared size.
          ...(body === undefined ? {} : { 'content-length': String(body.length) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('error', reject);
        response.once('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}
