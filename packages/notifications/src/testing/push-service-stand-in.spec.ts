import webpush from 'web-push';
import { type PushServiceStandIn, startPushServiceStandIn } from './push-service-stand-in';

// The stand-in is what proves the push channel's encryption and signature: it must refuse what
// a real push service refuses, or the channel's tests would pass on anything.
let service: PushServiceStandIn;
const vapid = webpush.generateVAPIDKeys();

beforeAll(async () => {
  service = await startPushServiceStandIn();
});
afterAll(() => service.close());

function push(
  subscription: webpush.PushSubscription,
  options: Partial<webpush.RequestOptions> = {},
): Promise<number> {
  return webpush
    .sendNotification(subscription, '{"id":"x"}', {
      vapidDetails: { subject: 'mailto:ops@example.org', ...vapid },
      agent: service.agent,
      ...options,
    })
    .then(
      (result) => result.statusCode,
      (error: { statusCode?: number }) => error.statusCode ?? 0,
    );
}

describe('push service stand-in', () => {
  it('accepts a push web-push encrypted for the subscription and decrypts it', async () => {
    const subscription = service.subscribe();
    expect(await push(subscription)).toBe(201);
    expect(service.received.at(-1)).toMatchObject({ problems: [], payload: { id: 'x' } });
  });

  it('refuses a body encrypted for another subscription (400: it does not decrypt)', async () => {
    const mine = service.subscribe();
    const theirs = service.subscribe();
    expect(await push({ endpoint: mine.endpoint, keys: theirs.keys })).toBe(400);
    expect(service.received.at(-1)!.problems.join()).toMatch(/does not decrypt/);
  });

  it('refuses a JWT signed by a key other than k (401)', async () => {
    const other = webpush.generateVAPIDKeys();
    const headers = webpush.getVapidHeaders(
      service.origin,
      'mailto:ops@example.org',
      vapid.publicKey,
      other.privateKey,
      'aes128gcm',
    );
    expect(
      await push(service.subscribe(), {
        vapidDetails: undefined,
        headers: { Authorization: headers.Authorization },
      }),
    ).toBe(401);
    expect(service.received.at(-1)!.problems).toContain('the signature does not verify with k');
  });

  it('refuses a JWT for another audience (401)', async () => {
    const headers = webpush.getVapidHeaders(
      'https://push.example.net',
      'mailto:ops@example.org',
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
    );
    expect(
      await push(service.subscribe(), {
        vapidDetails: undefined,
        headers: { Authorization: headers.Authorization },
      }),
    ).toBe(401);
    expect(service.received.at(-1)!.problems.join()).toMatch(
      /^aud is https:\/\/push\.example\.net/,
    );
  });

  it('refuses a push without VAPID (401) and one to an unknown subscription (404)', async () => {
    const subscription = service.subscribe();
    expect(await push(subscription, { vapidDetails: undefined })).toBe(401);
    expect(await push({ ...subscription, endpoint: `${service.origin}/push/unknown` })).toBe(404);
  });
});
