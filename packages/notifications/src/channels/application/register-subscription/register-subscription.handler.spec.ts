import { ManualClock } from '@tickler/core';
import { REFERENCE_TIME } from '@tickler/core/testing';
import { channelFakes, FakeUnitOfWork, SequentialIds, subscriptionOf } from '../../../testing';
import { RegisterSubscription } from './register-subscription.command';
import { RegisterSubscriptionHandler } from './register-subscription.handler';

function setup() {
  const clock = new ManualClock(REFERENCE_TIME);
  const { subscriptions, registry } = channelFakes();
  const handler = new RegisterSubscriptionHandler(
    new FakeUnitOfWork(),
    clock,
    new SequentialIds(),
    subscriptions,
    registry,
    { subscriptionsPerChannel: 10 },
  );
  const register = (fields: Partial<RegisterSubscription>) =>
    handler.execute(Object.assign(new RegisterSubscription(), { recipientId: 'alice', ...fields }));
  return { clock, subscriptions, register };
}

describe('RegisterSubscriptionHandler', () => {
  it('stores a webhook (the kind when none is named) with its secret shown once, at-least-once and not default', async () => {
    const { subscriptions, register } = setup();
    const created = await register({ url: 'https://hooks.example.com/a' });
    expect(created).toMatchObject({
      id: 'id-000001',
      recipientId: 'alice',
      kind: 'webhook',
      url: 'https://hooks.example.com/a',
      guarantee: 'at-least-once',
      default: false,
      active: true,
      pausedAt: null,
      secret: 'whsec_test',
    });
    expect(subscriptions.subscriptions).toHaveLength(1);
  });

  it('updates the same target in place, keeping its id, and resumes a paused one', async () => {
    const { clock, subscriptions, register } = setup();
    await subscriptions.insert(
      null,
      subscriptionOf({
        id: 'kept',
        pausedAt: REFERENCE_TIME,
        pausedReason: 'x',
        consecutiveFailures: 10,
      }),
    );
    await clock.advance(1000);
    const again = await register({
      url: 'https://hooks.example.com/b',
      guarantee: 'at-most-once',
      default: true,
    });
    expect(again).toMatchObject({
      id: 'kept',
      url: 'https://hooks.example.com/b',
      guarantee: 'at-most-once',
      default: true,
      pausedAt: null,
      createdAt: REFERENCE_TIME,
    });
    expect(subscriptions.subscriptions).toEqual([
      expect.objectContaining({ id: 'kept', consecutiveFailures: 0 }),
    ]);
  });

  it('refuses a kind with no registered channel, naming kind', async () => {
    const { register } = setup();
    await expect(register({ kind: 'pigeon' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      field: 'kind',
    });
  });
});
