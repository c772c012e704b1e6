import { ManualClock } from '@tickler/core';
import { REFERENCE_TIME } from '@tickler/core/testing';
import { FakeUnitOfWork, InMemorySubscriptionRepository, SequentialIds } from '../../testing';
import { RegisterWebhook } from './register-webhook.command';
import { RegisterWebhookHandler } from './register-webhook.handler';

describe('RegisterWebhookHandler', () => {
  it('stores the endpoint with a fresh secret, shown once, and replaces it on a second registration', async () => {
    const clock = new ManualClock(REFERENCE_TIME);
    const subscriptions = new InMemorySubscriptionRepository();
    let secrets = 0;
    const handler = new RegisterWebhookHandler(
      new FakeUnitOfWork(),
      clock,
      new SequentialIds(),
      subscriptions,
      { next: () => `secret-${++secrets}` },
    );
    const register = (url: string) =>
      handler.execute(Object.assign(new RegisterWebhook(), { recipientId: 'alice', url }));

    const first = await register('https://hooks.example.com/a');
    expect(first).toEqual({
      id: 'id-000001',
      recipientId: 'alice',
      kind: 'webhook',
      url: 'https://hooks.example.com/a',
      createdAt: REFERENCE_TIME,
      secret: 'secret-1',
    });
    await clock.advance(1000);
    const second = await register('https://hooks.example.com/b');
    expect(second).toMatchObject({ id: 'id-000002', secret: 'secret-2' });
    expect(subscriptions.subscriptions).toEqual([
      expect.objectContaining({ url: 'https://hooks.example.com/b', secret: 'secret-2' }),
    ]);
  });
});
