import { REFERENCE_TIME } from '@tickler/core/testing';
import { channelFakes, NO_DATABASE, subscriptionOf } from '../../../testing';
import { ListSubscriptions } from './list-subscriptions.command';
import { ListSubscriptionsHandler } from './list-subscriptions.handler';

describe('ListSubscriptionsHandler', () => {
  it('lists the recipient’s subscriptions with their public fields, never their secrets', async () => {
    const { subscriptions, registry } = channelFakes();
    for (const recipientId of ['alice', 'bob']) {
      await subscriptions.insert(
        null,
        subscriptionOf({
          id: `s-${recipientId}`,
          recipientId,
          target: { endpoint: `https://hooks.example.com/${recipientId}`, secret: 'do-not-show' },
        }),
      );
    }
    const handler = new ListSubscriptionsHandler(NO_DATABASE, subscriptions, registry);
    const list = await handler.execute(
      Object.assign(new ListSubscriptions(), { recipientId: 'alice' }),
    );
    expect(list).toEqual([
      {
        id: 's-alice',
        recipientId: 'alice',
        kind: 'webhook',
        url: 'https://hooks.example.com/alice',
        guarantee: 'at-least-once',
        default: false,
        active: true,
        deactivatedAt: null,
        deactivatedReason: null,
        pausedAt: null,
        pausedReason: null,
        createdAt: REFERENCE_TIME,
        updatedAt: REFERENCE_TIME,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain('do-not-show');
  });
});
