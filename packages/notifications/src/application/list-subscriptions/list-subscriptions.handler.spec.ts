import { REFERENCE_TIME } from '@tickler/core/testing';
import { InMemorySubscriptionRepository, NO_DATABASE } from '../../testing';
import { ListSubscriptions } from './list-subscriptions.command';
import { ListSubscriptionsHandler } from './list-subscriptions.handler';

describe('ListSubscriptionsHandler', () => {
  it('lists the recipient’s endpoints without their secrets', async () => {
    const subscriptions = new InMemorySubscriptionRepository();
    for (const recipientId of ['alice', 'bob']) {
      await subscriptions.upsertWebhook(null, {
        id: `s-${recipientId}`,
        recipientId,
        kind: 'webhook',
        url: `https://hooks.example.com/${recipientId}`,
        secret: 'do-not-show',
        createdAt: REFERENCE_TIME,
      });
    }
    const handler = new ListSubscriptionsHandler(NO_DATABASE, subscriptions);
    const list = await handler.execute(
      Object.assign(new ListSubscriptions(), { recipientId: 'alice' }),
    );
    expect(list).toEqual([
      {
        id: 's-alice',
        recipientId: 'alice',
        kind: 'webhook',
        url: 'https://hooks.example.com/alice',
        createdAt: REFERENCE_TIME,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain('do-not-show');
  });
});
