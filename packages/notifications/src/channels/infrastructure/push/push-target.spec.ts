import { createECDH, randomBytes } from 'node:crypto';
import { CommandValidationError } from '@tickler/core';
import { preparePushTarget } from './push-target';

function browserKeys(): { p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

function problemsOf(subscription: unknown): { path: string; message: string }[] {
  try {
    preparePushTarget({ recipientId: 'alice', kind: 'push', subscription });
  } catch (error) {
    expect(error).toBeInstanceOf(CommandValidationError);
    return [...(error as CommandValidationError).fields];
  }
  throw new Error('accepted');
}

const endpoint = 'https://push.example.net/wpush/v2/abc';

/** Each problem's path equals, and its message matches, the expected pair at its index. */
function expectProblems(
  problems: { path: string; message: string }[],
  expected: [string, RegExp][],
): void {
  expect(problems.map((p) => p.path)).toEqual(expected.map(([path]) => path));
  problems.forEach((p, i) => expect(p.message).toMatch(expected[i]![1]));
}

describe('preparePushTarget', () => {
  it("keeps a browser's PushSubscription.toJSON(), keyed by endpoint and always default", () => {
    const keys = browserKeys();
    const prepared = preparePushTarget({
      recipientId: 'alice',
      kind: 'push',
      subscription: { endpoint, expirationTime: null, keys },
    });
    expect(prepared).toEqual({
      targetKey: endpoint,
      target: { endpoint, keys },
      alwaysDefault: true,
    });
  });

  it.each([
    ['plain http', 'http://push.example.net/x', /https URL/],
    ['userinfo', 'https://user:pw@push.example.net/x', /user name or password/],
    ['not a URL', 'not a url', /printable ASCII|https URL/],
    ['2,100+ characters', `https://push.example.net/${'a'.repeat(2100)}`, /at most 2048/],
    ['a number', 42, /must be a string/],
    ['a header injection', 'https://push.example.net/a\r\nX-Evil: 1', /printable ASCII/],
  ])('refuses an endpoint with %s', (_, bad, message) => {
    expectProblems(problemsOf({ endpoint: bad, keys: browserKeys() }), [
      ['subscription.endpoint', message],
    ]);
  });

  it('refuses keys of the wrong length, not base64url, or not on the curve, naming each', () => {
    const good = browserKeys();
    const offCurve = Buffer.from(good.p256dh, 'base64url');
    offCurve[40]! ^= 1;
    expectProblems(
      problemsOf({ endpoint, keys: { p256dh: good.p256dh.slice(0, 40), auth: good.auth } }),
      [['subscription.keys.p256dh', /65 bytes/]],
    );
    expectProblems(
      problemsOf({ endpoint, keys: { p256dh: offCurve.toString('base64url'), auth: 'AAAA' } }),
      [
        ['subscription.keys.p256dh', /P-256/],
        ['subscription.keys.auth', /16 bytes/],
      ],
    );
    expect(
      problemsOf({ endpoint, keys: { p256dh: 'not base64!', auth: good.auth } })[0]?.path,
    ).toBe('subscription.keys.p256dh');
  });

  it('refuses a missing subscription, missing keys and unknown properties', () => {
    expectProblems(problemsOf(undefined), [['subscription', /must be an object/]]);
    expectProblems(problemsOf({ endpoint }), [['subscription.keys', /must be an object/]]);
    expect(
      problemsOf({ endpoint, keys: { ...browserKeys(), extra: 1 }, other: 2 }).map((p) => p.path),
    ).toEqual(['subscription.other', 'subscription.keys.extra']);
  });
});
