import {
  GetNotification,
  ListSubscriptions,
  type NotificationView,
  RegisterSubscription,
} from '../../../index';
import {
  type PushServiceStandIn,
  startPushServiceStandIn,
} from '../../../testing/push-service-stand-in';
import {
  createNotificationsTestApp,
  type NotificationsTestApp,
  send,
} from '../../../testing/test-app';

// The push adapter behind the real send loop, against the decrypting push-service stand-in
// (trusted in-process through its agent); time is the ManualClock.
let service: PushServiceStandIn;
let t: NotificationsTestApp;

beforeAll(async () => {
  service = await startPushServiceStandIn();
});
afterAll(() => service.close());
beforeEach(async () => {
  service.respond = () => 201;
  t = await createNotificationsTestApp({ push: { agent: service.agent } });
});
afterEach(() => t.app.stop());

async function subscribe(): Promise<{ id: string; endpoint: string }> {
  const subscription = service.subscribe();
  const view = await t.app.dispatch(
    Object.assign(new RegisterSubscription(), { recipientId: 'alice', kind: 'push', subscription }),
  );
  return { id: view.id, endpoint: subscription.endpoint };
}

async function viewOf(id: string): Promise<NotificationView> {
  return t.app.dispatch(Object.assign(new GetNotification(), { recipientId: 'alice', id }));
}

describe('web push through the send loop', () => {
  it('a notification with default channels goes to the inbox and, encrypted, to every active push subscription', async () => {
    await subscribe();
    await subscribe();
    const { id } = (await send(t.app, { title: 'Bins out', url: 'https://example.org/b' }))
      .delivery;
    await t.sendsSettled();

    const accepted = service.accepted().filter((p) => (p.payload as { id: string }).id === id);
    expect(accepted).toHaveLength(2);
    expect(accepted[0]!.payload).toMatchObject({
      id,
      title: 'Bins out',
      url: 'https://example.org/b',
    });
    const view = await viewOf(id);
    expect(view.status).toBe('sent');
    expect(view.channels.map((c) => [c.channel, c.status]).sort()).toEqual([
      ['inbox', 'sent'],
      ['push', 'sent'],
      ['push', 'sent'],
    ]);
  });

  it('a 5xx is retried after the push backoff, then sent', async () => {
    await subscribe();
    const before = service.received.length;
    service.respond = (_, index) => (index === before ? 503 : 201);
    const { id } = (await send(t.app)).delivery;
    await t.sendsSettled();
    expect((await viewOf(id)).channels.find((c) => c.channel === 'push')).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'http-5xx',
    });

    await t.clock.advance(30_000);
    await t.sendsSettled();

    expect((await viewOf(id)).channels.find((c) => c.channel === 'push')).toMatchObject({
      status: 'sent',
      attempts: 2,
    });
  });

  it('410 deactivates the subscription with its reason, and later notifications skip it', async () => {
    const gone = await subscribe();
    service.drop(gone.endpoint);
    const first = (await send(t.app)).delivery;
    await t.sendsSettled();

    expect((await viewOf(first.id)).channels.find((c) => c.channel === 'push')).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'gone',
    });
    const listed = await t.app.dispatch(
      Object.assign(new ListSubscriptions(), { recipientId: 'alice' }),
    );
    expect(listed.find((s) => s.id === gone.id)).toMatchObject({
      active: false,
      deactivatedReason: 'push service answered 410',
    });

    const pushes = service.received.length;
    const second = (await send(t.app)).delivery;
    await t.sendsSettled();
    expect(service.received.length).toBe(pushes);
    expect((await viewOf(second.id)).channels.map((c) => c.channel)).toEqual(['inbox']);
  });
});
