import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { httpRequest } from './http-request';

describe('httpRequest', () => {
  let server: http.Server;
  let base: string;
  const seen: { method?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({
          method: request.method,
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response.statusCode = request.url === '/missing' ? 404 : 201;
        response.end('{"ok":"süß"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the method, headers and a body of known length, and reads the whole answer', async () => {
    const answer = await httpRequest(`${base}/v1/x`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: '{"title":"café"}',
    });
    expect(answer).toEqual({ status: 201, text: '{"ok":"süß"}' });
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      body: '{"title":"café"}',
      headers: expect.objectContaining({
        authorization: 'Bearer t',
        'content-length': String(Buffer.byteLength('{"title":"café"}')),
      }) as unknown,
    });
    expect(seen.at(-1)?.headers['transfer-encoding']).toBeUndefined();
  });

  it('answers a refusal status as it is, and a GET without a body', async () => {
    expect(await httpRequest(`${base}/missing`)).toMatchObject({ status: 404 });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', body: '' });
  });

  it('rejects with Node’s error code when nothing listens', async () => {
    await expect(httpRequest('http://127.0.0.1:1/')).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });
});
