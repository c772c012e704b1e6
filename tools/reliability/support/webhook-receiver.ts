import http from 'node:http';
import { type AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface ReceivedWebhook {
  /** `id` inside the JSON body: the notification (delivery) id. */
  readonly deliveryId: string;
  /** `webhook-id` header (Standard Webhooks): the channel send's id, its idempotency key. */
  readonly sendId: string;
  /** `Idempotency-Key` header (must equal `webhook-id`). */
  readonly idempotencyKey: string;
  readonly body: string;
}

/** A real HTTP server on 127.0.0.1 recording webhook requests. */
export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/hook`. */
  readonly url: string;
  readonly received: ReceivedWebhook[];
  /** Requests whose response has not been written yet. */
  inFlight(): number;
  /** Status of each response (default 200); a promise delays the answer (a slow receiver). */
  respond: (request: ReceivedWebhook, index: number) => number | Promise<number>;
  close(): Promise<void>;
}

function bodyIdOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { id?: unknown };
    return typeof parsed.id === 'string' ? parsed.id : '';
  } catch {
    return '';
  }
}

/** Starts a receiver on an ephemeral port. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let pending = 0;
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    inFlight: () => pending,
    respond: () => 200,
    close: () => Promise.resolve(),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const request = {
        deliveryId: bodyIdOf(body),
        sendId: String(req.headers['webhook-id'] ?? ''),
        idempotencyKey: String(req.headers['idempotency-key'] ?? ''),
        body,
      };
      const index = receiver.received.push(request) - 1;
      pending++;
      void Promise.resolve(receiver.respond(request, index)).then((status) => {
        pending--;
        res.statusCode = status;
        res.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return Object.assign(receiver, {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** Received count per notification (delivery id). */
export function receivedById(received: readonly ReceivedWebhook[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of received) {
    counts.set(r.deliveryId, (counts.get(r.deliveryId) ?? 0) + 1);
  }
  return counts;
}
