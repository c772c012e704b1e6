import { FakeUnitOfWork, InMemorySubscriptionRepository, subscriptionOf } from '../../../testing';
import { RemoveSubscription } from './remove-subscription.command';
import { RemoveSubscriptionHandler } from './remove-subscription.handler';

describe('RemoveSubscriptionHandler', () => {
  it('removes the recipient’s endpoint; another recipient’s or an unknown id is not found', async () => {
    const subscriptions = new InMemorySubscriptionRepository();
    await subscriptions.insert(null, subscriptionOf());
    const handler = new RemoveSubscriptionHandler(new FakeUnitOfWork(), subscriptions);
    const remove = (id: string, recipientId: string) =>
      handler.execute(Object.assign(new RemoveSubscription(), { recipientId, id }));

    await expect(remove('s1', 'bob')).rejects.toMatchObject({
      code: 'NOTIFICATIONS.SUBSCRIPTION_NOT_FOUND',
    });
    expect(subscriptions.subscriptions).toHaveLength(1);
    await expect(remove('s1', 'alice')).resolves.toBeUndefined();
    expect(subscriptions.subscriptions).toEqual([]);
    await expect(remove('s1', 'alice')).rejects.toMatchObject({
      code: 'NOTIFICATIONS.SUBSCRIPTION_NOT_FOUND',
    });
  });
});
