import { type Application, toIsoUtc } from '@tickler/core';
import { REFERENCE_TIME } from '@tickler/core/testing';
import { RegisterSubscription } from '../application/register-subscription/register-subscription.command';
import { ChannelSend } from '../domain/channel-send.entity';
import { createNotificationsTestApp, ScriptedChannel, send } from '../../testing';
import { KyselyChannelSendRepository } from './kysely-channel-send.repository';

// The fence every channel-send write goes through (`save` names the state and lease token it
// expects): a process that lost its lease — it hung past the lease, another instance took the
// send over — must not write its late outcome over the newer claim's.
const T0 = Date.parse(REFERENCE_TIME);
const at = (seconds: number) => toIsoUtc(T0 + seconds * 1000);
const repository = new KyselyChannelSendRepository();
let app: Application;

afterEach(async () => {
  await app.stop();
});

/** A webhook send of a new notification, pending, as the dispatcher wrote it. */
async function pendingSend() {
  const t = await createNotificationsTestApp({
    start: false,
    channels: [new ScriptedChannel('webhook')],
  });
  app = t.app;
  await app.dispatch(
    Object.assign(new RegisterSubscription(), {
      recipientId: 'alice',
      url: 'http://127.0.0.1:9/h',
    }),
  );
  const { delivery } = await send(app, { channel: 'webhook' });
  const scope = { db: app.database.kysely };
  const [state] = await repository.forDeliveries(scope, [delivery.id]);
  if (state === undefined) {
    throw new Error('the send was not written');
  }
  const reload = async () => ChannelSend.rehydrate((await repository.find(scope, state.id))!);
  return { scope, state, reload };
}

describe('the channel-send lease fence', () => {
  it('refuses the outcome of a claim whose lease another instance took over, and keeps the newer claim', async () => {
    const { scope, state, reload } = await pendingSend();
    const zombie = ChannelSend.rehydrate(state);
    zombie.claim(at(0), at(30), 'token-a', 'instance-a');
    expect(await repository.save(scope, zombie, { status: 'pending', leaseToken: null })).toBe(
      true,
    );
    // Its lease over, instance b takes the send over under its own token.
    const taker = await reload();
    taker.recoverAbandoned(at(31), at(61), 'token-b', 'instance-b');
    expect(await repository.save(scope, taker, { status: 'sending', leaseToken: 'token-a' })).toBe(
      true,
    );

    zombie.succeed(at(40));
    expect(await repository.save(scope, zombie, { status: 'sending', leaseToken: 'token-a' })).toBe(
      false,
    );
    expect((await reload()).snapshot()).toMatchObject({
      status: 'sending',
      leaseToken: 'token-b',
      claimedBy: 'instance-b',
      sentAt: null,
    });

    taker.succeed(at(45));
    expect(await repository.save(scope, taker, { status: 'sending', leaseToken: 'token-b' })).toBe(
      true,
    );
    expect((await reload()).snapshot()).toMatchObject({ status: 'sent', sentAt: at(45) });
  });

  it('refuses a second claim of a send already claimed (both read it pending)', async () => {
    const { scope, state, reload } = await pendingSend();
    const first = ChannelSend.rehydrate(state);
    const second = ChannelSend.rehydrate(state);
    first.claim(at(0), at(30), 'token-a', 'instance-a');
    second.claim(at(0), at(30), 'token-b', 'instance-b');
    expect(await repository.save(scope, first, { status: 'pending', leaseToken: null })).toBe(true);
    expect(await repository.save(scope, second, { status: 'pending', leaseToken: null })).toBe(
      false,
    );
    expect((await reload()).snapshot()).toMatchObject({ leaseToken: 'token-a' });
  });
});
