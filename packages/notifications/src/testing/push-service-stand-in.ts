import { createECDH, type ECDH, randomBytes, randomUUID } from 'node:crypto';
import https from 'node:https';
import { type AddressInfo } from 'node:net';
import { httpEce } from './http-ece';
import { createSelfSignedCertificate } from './self-signed-certificate';
import { checkVapidJwt, parseVapidAuthorization, type VapidClaims } from './vapid-jwt';

/** What a browser hands the application after `pushManager.subscribe()`. */
export interface BrowserPushSubscription {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

/** A push the stand-in received, decrypted and checked. */
export interface ReceivedPush {
  /** The push resource's id (the endpoint's last segment). */
  readonly subscriptionId: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The VAPID JWT's claims and public key, when the header could be read. */
  readonly vapid:
    { readonly claims: VapidClaims | undefined; readonly publicKey: string } | undefined;
  /** The decrypted payload, parsed as JSON (undefined when it could not be decrypted). */
  readonly payload: unknown;
  /** Everything a real push service would refuse; empty for a valid push. */
  readonly problems: readonly string[];
  /** The status answered. */
  status: number;
}

/** A push service on 127.0.0.1 over HTTPS (self-signed) that decrypts and verifies what it gets. */
export interface PushServiceStandIn {
  /** `https://127.0.0.1:<port>`: the VAPID `aud` every push must carry. */
  readonly origin: string;
  /** The certificate's PEM file: a daemon child process trusts it via `NODE_EXTRA_CA_CERTS`. */
  readonly caFile: string;
  /** The certificate as PEM text (the push channel's `extraCa`). */
  readonly ca: string;
  /** An agent trusting the certificate, for in-process senders. */
  readonly agent: https.Agent;
  /** Every push received, in order (valid or not). */
  readonly received: ReceivedPush[];
  /** Valid pushes only. */
  readonly accepted: () => ReceivedPush[];
  /**
   * Status for a valid push (default 201). Invalid ones get 400/401/403 whatever this says;
   * an unknown or dropped subscription 404/410.
   */
  respond: (push: ReceivedPush, index: number) => number | Promise<number>;
  /** A new browser subscription on this service: fresh ECDH keys and auth secret. */
  subscribe(): BrowserPushSubscription;
  /** The subscription is gone (unsubscribed, expired): its pushes get 410. */
  drop(endpoint: string): void;
  /**
   * The application server key subscriptions were made with: a push signed by another key gets
   * 403, as from a real push service. Unset, any valid signature passes.
   */
  expectVapidKey(publicKey: string | undefined): void;
  /** Resolves when `count` pushes have arrived (before the last is answered). */
  waitFor(count: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

interface BrowserSide {
  readonly ecdh: ECDH;
  readonly auth: Buffer;
  dropped: boolean;
}

function readBody(req: import('node:http').IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Checks the RFC 8030 headers every push must carry. */
function headerProblems(headers: ReceivedPush['headers']): string[] {
  const problems: string[] = [];
  if (headers['content-encoding'] !== 'aes128gcm') {
    problems.push(`Content-Encoding is ${String(headers['content-encoding'])}, not aes128gcm`);
  }
  if (!/^\d+$/.test(String(headers.ttl ?? ''))) {
    problems.push('TTL is missing or not a number of seconds');
  }
  const urgency = headers.urgency;
  if (urgency !== undefined && !['very-low', 'low', 'normal', 'high'].includes(String(urgency))) {
    problems.push(`Urgency ${String(urgency)} is not an RFC 8030 value`);
  }
  return problems;
}

/**
 * Starts the stand-in. Each push to `/push/<id>` is checked as a real push service would —
 * RFC 8030 headers, the VAPID JWT (ES256 signature against `k`, `aud`, `exp`, `sub`) — and its
 * body decrypted with the subscription's private key (`http_ece`, aes128gcm), so a test sees
 * the payload a service worker would get.
 */
export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const certificate = createSelfSignedCertificate();
  const browsers = new Map<string, BrowserSide>();
  const received: ReceivedPush[] = [];
  const waiters: { count: number; resolve: (all: ReceivedPush[]) => void }[] = [];
  let expectedKey: string | undefined;
  let origin = '';

  const standIn = {
    respond: (() => 201) as PushServiceStandIn['respond'],
  };

  async function handle(req: import('node:http').IncomingMessage): Promise<ReceivedPush> {
    const body = await readBody(req);
    const id = /^\/push\/([A-Za-z0-9-]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const headers = { ...req.headers };
    const browser = browsers.get(id);
    const problems = headerProblems(headers);
    const credentials = parseVapidAuthorization(headers.authorization);
    let vapid: ReceivedPush['vapid'];
    let status = 201;
    if (credentials === undefined) {
      problems.push('no vapid Authorization header');
      status = 401;
    } else {
      const checked = checkVapidJwt(credentials, origin, Math.floor(Date.now() / 1000));
      vapid = { claims: checked.claims, publicKey: credentials.publicKey };
      problems.push(...checked.problems);
      if (checked.problems.length > 0) {
        status = 401;
      } else if (expectedKey !== undefined && credentials.publicKey !== expectedKey) {
        problems.push('signed by another key than the subscription was made with');
        status = 403;
      }
    }
    let payload: unknown;
    if (browser !== undefined) {
      try {
        const plain = httpEce.decrypt(body, {
          version: 'aes128gcm',
          privateKey: browser.ecdh,
          authSecret: browser.auth,
        });
        payload = JSON.parse(plain.toString('utf8'));
      } catch (error) {
        problems.push(`the body does not decrypt to JSON: ${(error as Error).message}`);
      }
    }
    if (status === 201 && problems.length > 0) {
      status = 400;
    }
    if (browser === undefined) {
      status = 404;
    } else if (browser.dropped) {
      status = 410;
    }
    return { subscriptionId: id, headers, vapid, payload, problems, status };
  }

  const server = https.createServer(
    { cert: certificate.cert, key: certificate.key },
    (req, res) => {
      void handle(req)
        .then(async (push) => {
          const index = received.push(push) - 1;
          for (const waiter of waiters.filter((w) => received.length >= w.count)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve([...received]);
          }
          if (push.status === 201) {
            push.status = await standIn.respond(push, index);
          }
          res.statusCode = push.status;
          res.end();
        })
        .catch(() => {
          res.statusCode = 500;
          res.end();
        });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: certificate.cert, keepAlive: false });

  return Object.assign(standIn, {
    origin,
    caFile: certificate.certFile,
    ca: certificate.cert,
    agent,
    received,
    accepted: () => received.filter((p) => p.problems.length === 0 && p.status === 201),
    subscribe(): BrowserPushSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      browsers.set(id, { ecdh, auth, dropped: false });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
      };
    },
    drop(endpoint: string): void {
      const browser = browsers.get(endpoint.split('/').pop() ?? '');
      if (browser) {
        browser.dropped = true;
      }
    },
    expectVapidKey(publicKey: string | undefined): void {
      expectedKey = publicKey;
    },
    waitFor(count: number): Promise<ReceivedPush[]> {
      if (received.length >= count) {
        return Promise.resolve([...received]);
      }
      return new Promise<ReceivedPush[]>((resolve) => waiters.push({ count, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => {
          certificate.remove();
          resolve();
        });
      }),
  });
}
