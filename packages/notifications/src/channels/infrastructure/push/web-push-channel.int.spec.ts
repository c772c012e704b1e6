import { InvalidArgumentError } from '@tickler/core';
import { createTempDirectory, type TempDirectory } from '@tickler/core/testing';
import {
  type PushServiceStandIn,
  startPushServiceStandIn,
} from '../../../testing/push-service-stand-in';
import { type ChannelSendRequest } from '../../application/ports/delivery-channel.port';
import { FileVapidKeySource } from './file-vapid-key-source';
import { PUSH_PAYLOAD_MAX_BYTES } from './push-payload';
import {
  type PushTargetRule,
  WebPushChannel,
  type WebPushChannelSettings,
} from './web-push-channel';

let service: PushServiceStandIn;
let dir: TempDirectory;
let keys: FileVapidKeySource;
/** The target rule the channel gets; most tests lift it (the stand-in is on 127.0.0.1). */
let rule: PushTargetRule | undefined;

beforeAll(async () => {
  service = await startPushServiceStandIn();
  dir = createTempDirectory('tickler-push-');
  keys = new FileVapidKeySource(dir.file('data/vapid.json'), () => '2026-12-01T09:00:00.000Z');
  service.expectVapidKey((await keys.current()).publicKey);
});
afterAll(async () => {
  await service.close();
  dir.remove();
});
beforeEach(() => {
  service.respond = () => 201;
  rule = undefined;
});

/** A rule refusing loopback literals the way the context's TargetGuard does. */
const refusingLoopback: PushTargetRule = {
  checkRegistration: (url, field) =>
    url.hostname === '127.0.0.1'
      ? Promise.reject(
          new InvalidArgumentError(field, 'the target 127.0.0.1 is not a public address'),
        )
      : Promise.resolve(),
  checkLiteralHost: (url) => {
    if (url.hostname === '127.0.0.1') {
      throw Object.assign(new Error('127.0.0.1 is not a public address'), {
        code: 'ERR_TICKLER_REFUSED_TARGET',
      });
    }
  },
  lookup: undefined,
};

function channel(settings: Partial<WebPushChannelSettings> = {}): WebPushChannel {
  return new WebPushChannel(
    keys,
    {
      subject: 'mailto:ops@example.org',
      ttlSeconds: 3600,
      urgency: 'high',
      timeoutMs: 10_000,
      retry: { maxAttempts: 5, baseMs: 30_000, maxMs: 600_000 },
      agent: service.agent,
      ...settings,
    },
    rule,
  );
}

function request(
  target: { endpoint: string; keys: { p256dh: string; auth: string } },
  message: Partial<ChannelSendRequest['message']> = {},
): ChannelSendRequest {
  return {
    sendId: '01900000-0000-7000-8000-0000000000aa',
    deliveryId: '01900000-0000-7000-8000-000000000001',
    recipientId: 'alice',
    subscriptionId: '01900000-0000-7000-8000-0000000000bb',
    attempt: 1,
    now: '2026-12-01T18:00:00.250Z',
    target: { ...target },
    message: {
      id: '01900000-0000-7000-8000-000000000001',
      recipientId: 'alice',
      title: 'Bins out',
      message: 'Trash and recycling.',
      url: 'https://example.org/bins',
      scheduledAt: '2026-12-01T18:00:00.000Z',
      priority: 'normal',
      sentAt: '2026-12-01T18:00:00.250Z',
      ...message,
    },
  };
}

const live = (): AbortSignal => new AbortController().signal;

describe('WebPushChannel against a push service stand-in', () => {
  it('sends a payload the subscription decrypts, signed with the VAPID key for the endpoint origin', async () => {
    const subscription = service.subscribe();
    const before = service.received.length;

    const outcome = await channel().send(request(subscription), live());

    expect(outcome).toEqual({ ok: true });
    const push = service.received[before]!;
    expect(push.problems).toEqual([]);
    expect(push.payload).toEqual({
      id: '01900000-0000-7000-8000-000000000001',

      title: 'Bins out',
      message: 'Trash and recycling.',
      url: 'https://example.org/bins',
      scheduledAt: '2026-12-01T18:00:00.000Z',
      sentAt: '2026-12-01T18:00:00.250Z',
    });
    expect(push.headers.ttl).toBe('3600');
    expect(push.headers.urgency).toBe('high');
    // The send id, the idempotency key of every attempt: a retry replaces a held copy.
    expect(push.headers.topic).toBe('019000000000700080000000000000aa');
    expect(push.vapid?.publicKey).toBe((await keys.current()).publicKey);
    expect(push.vapid?.claims).toMatchObject({
      aud: service.origin,
      sub: 'mailto:ops@example.org',
    });
  });

  it('shortens a long message to fit one push message, and it still decrypts', async () => {
    const subscription = service.subscribe();
    const before = service.received.length;
    const long = 'é🙂'.repeat(2000);

    expect(await channel().send(request(subscription, { message: long }), live())).toEqual({
      ok: true,
    });

    const payload = service.received[before]!.payload as { message: string; title: string };
    expect(service.received[before]!.problems).toEqual([]);
    expect(payload.title).toBe('Bins out');
    expect(payload.message.endsWith('…')).toBe(true);
    expect(long.startsWith(payload.message.slice(0, -1))).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
  });

  it.each([404, 410])(
    'deactivates the subscription when the service answers %i',
    async (status) => {
      const subscription = service.subscribe();
      if (status === 410) {
        service.drop(subscription.endpoint);
      } else {
        service.respond = () => 404;
      }
      const outcome = await channel().send(request(subscription), live());
      expect(outcome).toMatchObject({
        ok: false,
        errorClass: 'gone',
        retryable: false,
        maybeDelivered: false,
        deactivateSubscription: `push service answered ${status}`,
      });
    },
  );

  it.each([
    [429, 'http-4xx', true],
    [500, 'http-5xx', true],
    [503, 'http-5xx', true],
    [400, 'http-4xx', false],
    [413, 'http-4xx', false],
  ])('answers %i → %s (retryable %s)', async (status, errorClass, retryable) => {
    service.respond = () => status;
    const outcome = await channel().send(request(service.subscribe()), live());
    expect(outcome).toMatchObject({ ok: false, errorClass, retryable, maybeDelivered: false });
  });

  it('is refused (403, not retried) when signed by another key than the subscription was made with', async () => {
    const other = createTempDirectory('tickler-push-other-');
    try {
      const otherKeys = new FileVapidKeySource(
        other.file('vapid.json'),
        () => '2026-12-01T09:00:00.000Z',
      );
      const sender = new WebPushChannel(
        otherKeys,
        {
          subject: 'mailto:ops@example.org',
          ttlSeconds: 60,
          urgency: 'normal',
          timeoutMs: 10_000,
          retry: { maxAttempts: 1, baseMs: 1, maxMs: 1 },
          agent: service.agent,
        },
        undefined,
      );
      const outcome = await sender.send(request(service.subscribe()), live());
      expect(outcome).toMatchObject({ ok: false, errorClass: 'http-4xx', retryable: false });
      expect(service.received.at(-1)!.status).toBe(403);
    } finally {
      other.remove();
    }
  });

  it('gives up on an answer that does not come when its signal aborts: timeout, maybe delivered', async () => {
    let release: () => void = () => undefined;
    service.respond = () => new Promise<number>((resolve) => (release = () => resolve(201)));
    const controller = new AbortController();
    const before = service.received.length;
    const sending = channel().send(request(service.subscribe()), controller.signal);
    await service.waitFor(before + 1);
    controller.abort(new DOMException('stop', 'TimeoutError'));

    expect(await sending).toMatchObject({
      ok: false,
      errorClass: 'timeout',
      retryable: true,
      maybeDelivered: true,
    });
    release();
  });

  it('reports an endpoint nobody listens on as unreachable and not delivered', async () => {
    const subscription = service.subscribe();
    const closed = { ...subscription, endpoint: 'https://127.0.0.1:9/push/x' };
    const outcome = await channel().send(request(closed), live());
    expect(outcome).toMatchObject({
      ok: false,
      errorClass: 'unreachable',
      retryable: true,
      maybeDelivered: false,
    });
  });

  it('does not trust a certificate nobody vouches for', async () => {
    const outcome = await channel({ agent: undefined }).send(request(service.subscribe()), live());
    expect(outcome).toMatchObject({ ok: false, errorClass: 'unreachable', retryable: true });
  });

  it('obeys the target rule: a private push service is refused at registration and never connected to', async () => {
    rule = refusingLoopback;
    const subscription = service.subscribe();
    await expect(
      channel().prepareTarget({ recipientId: 'alice', kind: 'push', subscription }),
    ).rejects.toMatchObject({ field: 'subscription.endpoint' });
    const before = service.received.length;
    expect(await channel().send(request(subscription), live())).toMatchObject({
      ok: false,
      errorClass: 'refused-target',
      retryable: false,
      maybeDelivered: false,
    });
    expect(service.received.length).toBe(before);
  });

  it('keys concurrency by the push service origin', () => {
    expect(
      channel().endpointOf({
        kind: 'push',
        endpoint: `${service.origin}/push/a`,
        keys: { p256dh: '', auth: '' },
      }),
    ).toBe(service.origin);
  });
});
