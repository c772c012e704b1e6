import http from 'node:http';
import { type AddressInfo } from 'node:net';

/** A request the receiver got. */
export interface ReceivedWebhook {
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

/** A real HTTP server on 127.0.0.1 that records the webhook requests it gets and answers from a script. */
export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/hook`. */
  readonly url: string;
  readonly received: ReceivedWebhook[];
  /** Decides the status of each response (default 200); may delay by returning a promise. */
  respond: (request: ReceivedWebhook, index: number) => number | Promise<number>;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 (ephemeral port) that records webhook requests. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const receiver = {
    url: '',
    received,
    respond: (() => 200) as WebhookReceiver['respond'],
    close: () => Promise.resolve(),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      const index = received.push(request) - 1;
      void Promise.resolve(receiver.respond(request, index)).then((status) => {
        res.statusCode = status;
        res.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
