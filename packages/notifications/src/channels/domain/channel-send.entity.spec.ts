import { ChannelSend, MAX_RECOVERIES } from './channel-send.entity';
import { type Guarantee } from '../../shared/domain/channel-send.state';
import { CHANNEL_SEND_TRANSITIONS } from './channel-send-transitions';
import { type ChannelRetryPolicy } from '../../shared/domain/retry-policy';

const NOW = '2026-09-10T08:30:00.000Z';
const at = (ms: number): string => new Date(Date.parse(NOW) + ms).toISOString();
const RETRY: ChannelRetryPolicy = { maxAttempts: 3, baseMs: 1000, maxMs: 10_000 };
const TIMEOUT = { errorClass: 'timeout', retryable: true, maybeDelivered: true } as const;
const HTTP_503 = { errorClass: 'http-5xx', retryable: true, maybeDelivered: false } as const;

function pending(guarantee: Guarantee = 'at-least-once'): ChannelSend {
  return ChannelSend.create(
    {
      deliveryId: 'd1',
      recipientId: 'alice',
      channel: 'webhook',
      subscriptionId: 's1',
      endpoint: 'https://hooks.example.com',
      guarantee,
    },
    NOW,
    'send-1',
  );
}

function claimed(guarantee: Guarantee = 'at-least-once'): ChannelSend {
  const send = pending(guarantee);
  send.claim(at(1), at(40_000), 'tok', 'instance-1');
  return send;
}

describe('ChannelSend', () => {
  it('is created pending and due at once; a claim leases it to one instance and counts the attempt', () => {
    const send = pending();
    expect(send.snapshot()).toMatchObject({ status: 'pending', dueAt: NOW, attempts: 0 });
    send.claim(at(1), at(40_000), 'tok', 'instance-1');
    expect(send.snapshot()).toMatchObject({
      status: 'sending',
      attempts: 1,
      dueAt: at(40_000),
      leaseToken: 'tok',
      claimedBy: 'instance-1',
    });
    expect(send.pullEvents()).toEqual([]);
  });

  it('succeeds with channel-sent, its id the idempotency key of the event too', () => {
    const send = claimed();
    send.succeed(at(2));
    expect(send.snapshot()).toMatchObject({
      status: 'sent',
      sentAt: at(2),
      dueAt: null,
      leaseToken: null,
      claimedBy: null,
    });
    expect(send.pullEvents()).toEqual([
      expect.objectContaining({
        type: 'notifications.channel-sent',
        eventId: 'send-1:sent',
        payload: expect.objectContaining({
          deliveryId: 'd1',
          sendId: 'send-1',
          channel: 'webhook',
        }) as unknown,
      }),
    ]);
  });

  it('retries after backoff, then fails with the last error class once the budget is spent', () => {
    const send = claimed();
    send.attemptFailed(at(2), HTTP_503, RETRY);
    expect(send.snapshot()).toMatchObject({
      status: 'pending',
      lastError: 'http-5xx',
      dueAt: at(1002),
      claimedBy: null,
    });
    send.claim(at(1002), at(50_000), 'tok2', 'instance-1');
    send.attemptFailed(at(1003), HTTP_503, RETRY);
    expect(send.snapshot().dueAt).toBe(at(3003)); // doubled
    send.claim(at(3003), at(50_000), 'tok3', 'instance-1');
    send.attemptFailed(at(3004), TIMEOUT, RETRY);
    expect(send.snapshot()).toMatchObject({ status: 'failed', attempts: 3, lastError: 'timeout' });
    expect(send.pullEvents().map((e) => [e.type, e.payload])).toEqual([
      ['notifications.channel-failed', expect.objectContaining({ error: 'timeout', attempts: 3 })],
    ]);
  });

  it('fails at once when the outcome says no retry', () => {
    const send = claimed();
    send.attemptFailed(
      at(2),
      { errorClass: 'refused-target', retryable: false, maybeDelivered: false },
      RETRY,
    );
    expect(send.snapshot()).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'refused-target',
    });
  });

  it('at-most-once never repeats a request that may have been delivered, but retries one that was refused', () => {
    const uncertain = claimed('at-most-once');
    uncertain.attemptFailed(at(2), TIMEOUT, RETRY);
    expect(uncertain.snapshot()).toMatchObject({ status: 'failed', lastError: 'abandoned' });
    const answered = claimed('at-most-once');
    answered.attemptFailed(at(2), HTTP_503, RETRY);
    expect(answered.status).toBe('pending');
  });

  it('takes over an abandoned claim by its guarantee: again (same id) or failed', () => {
    const again = claimed('at-least-once');
    again.recoverAbandoned(at(50_000), at(90_000), 'tok2', 'instance-2');
    expect(again.snapshot()).toMatchObject({
      id: 'send-1',
      status: 'sending',
      attempts: 2,
      recoveries: 1,
      leaseToken: 'tok2',
      claimedBy: 'instance-2',
    });
    const once = claimed('at-most-once');
    once.recoverAbandoned(at(50_000), at(90_000), 'tok2', 'instance-2');
    expect(once.snapshot()).toMatchObject({
      status: 'failed',
      lastError: 'abandoned',
      claimedBy: null,
    });
  });

  it('a crash loop does not spend the retry budget: the attempt taken over still gets its retries', () => {
    const send = claimed();
    for (let k = 1; k <= 5; k++) {
      send.recoverAbandoned(at(k * 50_000), at(k * 50_000 + 40_000), `tok${k}`, `i${k}`);
    }
    expect(send.snapshot()).toMatchObject({ status: 'sending', attempts: 6, recoveries: 5 });
    send.attemptFailed(at(400_000), HTTP_503, RETRY);
    expect(send.snapshot()).toMatchObject({ status: 'pending', attempts: 6 });
  });

  it(`fails a send whose claim was taken over ${MAX_RECOVERIES} times (one that kills each daemon taking it)`, () => {
    const send = claimed();
    for (let k = 1; k <= MAX_RECOVERIES; k++) {
      send.recoverAbandoned(at(k * 50_000), at(k * 50_000 + 40_000), `tok${k}`, `i${k}`);
    }
    expect(send.status).toBe('sending');
    send.recoverAbandoned(at(10_000_000), at(10_040_000), 'last', 'i-last');
    expect(send.snapshot()).toMatchObject({
      status: 'failed',
      lastError: 'timeout',
      recoveries: MAX_RECOVERIES,
      claimedBy: null,
    });
  });

  it('refuses every verb on a settled send, with a typed error, changing nothing', () => {
    const send = claimed();
    send.succeed(at(2));
    send.pullEvents();
    const before = send.snapshot();
    for (const act of [
      () => send.claim(at(3), at(4), 't', 'i'),
      () => send.succeed(at(3)),
      () => send.fail(at(3), 'gone'),
      () => send.attemptFailed(at(3), HTTP_503, RETRY),
    ]) {
      expect(act).toThrow(
        expect.objectContaining({ code: 'NOTIFICATIONS.CHANNEL_SEND_TRANSITION' }) as Error,
      );
    }
    expect(send.snapshot()).toEqual(before);
    expect(Object.values(CHANNEL_SEND_TRANSITIONS).some((t) => t.from.includes('sent'))).toBe(
      false,
    );
    expect(() => send.claim(at(3), at(4), 't', 'i')).toThrow(
      expect.objectContaining({
        message: 'channel send send-1 is sent; cannot claim',
        details: { id: 'send-1', status: 'sent', verb: 'claim' },
      }) as Error,
    );
  });

  it('defers a pending send over the person’s limit: still pending, due later, no attempt spent', () => {
    const send = pending();
    send.defer(at(1), at(60_000));
    expect(send.snapshot()).toMatchObject({
      status: 'pending',
      dueAt: at(60_000),
      attempts: 0,
      lastError: 'throttled',
    });
    expect(() => claimed().defer(at(2), at(60_000))).toThrow(
      expect.objectContaining({ code: 'NOTIFICATIONS.CHANNEL_SEND_TRANSITION' }) as Error,
    );
  });

  it('gives up on a pending send at once (its subscription went away): failed, and says so', () => {
    const send = pending();
    send.fail(at(1), 'gone');
    expect(send.snapshot()).toMatchObject({ status: 'failed', lastError: 'gone', dueAt: null });
    expect(send.pullEvents().map((e) => e.type)).toEqual(['notifications.channel-failed']);
  });
});
