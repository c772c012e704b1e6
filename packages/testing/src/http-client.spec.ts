import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { Api } from './http-client';

/** What the echo server saw of one request. */
interface Seen {
  method: string;
  url: string;
  authorization: string | null;
  contentType: string | null;
  body: string;
}

let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  // A real server: answers JSON with what it received, or plain text under /text.
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const seen: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization ?? null,
        contentType: req.headers['content-type'] ?? null,
        body,
      };
      if (req.url === '/text') {
        res.writeHead(418, { 'content-type': 'text/plain' }).end('short and stout');
      } else if (req.url === '/broken') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{not json');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seen));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('Api', () => {
  it("sends the client's token, another one, or none", async () => {
    const api = new Api(baseUrl, 'tk_client');
    expect((await api.get<Seen>('/a')).body.authorization).toBe('Bearer tk_client');
    expect((await api.get<Seen>('/a', { token: 'tk_other' })).body.authorization).toBe(
      'Bearer tk_other',
    );
    expect((await api.get<Seen>('/a', { token: null })).body.authorization).toBeNull();
    expect((await api.get<Seen>('/a', { token: undefined })).body.authorization).toBeNull();
    expect((await api.as(undefined).get<Seen>('/a')).body.authorization).toBeNull();
  });

  it('serialises JSON bodies and sends raw ones as given, with their content type', async () => {
    const api = new Api(baseUrl);
    const posted = await api.post<Seen>('/p', { a: 1 });
    expect(posted.body).toMatchObject({
      method: 'POST',
      contentType: 'application/json',
      body: '{"a":1}',
    });
    const raw = await api.request<Seen>('PUT', '/r', { raw: 'a=1', contentType: 'text/plain' });
    expect(raw.body).toMatchObject({ method: 'PUT', contentType: 'text/plain', body: 'a=1' });
    expect((await api.patch<Seen>('/x', { b: 2 })).body.method).toBe('PATCH');
    expect((await api.delete<Seen>('/x')).body).toMatchObject({ method: 'DELETE', body: '' });
  });

  it('keeps text that is not JSON as text, with the status', async () => {
    const api = new Api(baseUrl);
    const text = await api.get('/text');
    expect({ status: text.status, body: text.body }).toEqual({
      status: 418,
      body: 'short and stout',
    });
    const broken = await api.get('/broken');
    expect(broken.body).toBe('{not json');
    expect(broken.text).toBe('{not json');
  });
});
