import { type Application, toIsoUtc } from '@tickler/core';
import { REFERENCE_TIME } from '@tickler/core/testing';
import { RegisterSubscription } from '../application/register-subscription/register-subscription.command';
import { sendAgain } from '../application/operator/send-again';
import { ChannelSend } from '../domain/channel-send.entity';
import { type ChannelSendState } from '../../shared/domain/channel-send.state';
import { createNotificationsTestApp, ScriptedChannel, send } from '../../testing';
import { KyselyChannelSendRepository } from './kysely-channel-send.repository';

// The operator's reads of the channel sends (the daemon's operator page and its retry routes):
// which sends are failed and not yet retried, which are stuck, and whether a send was retried.
// Their routes are tested end to end only, out of the mutation gate's reach; these reads are
// what decides which send the operator sees and may send again.
const T0 = Date.parse(REFERENCE_TIME);
const at = (seconds: number) => toIsoUtc(T0 + seconds * 1000);
const RETRY = { maxAttempts: 5, baseMs: 1000, maxMs: 60_000 };
const repository = new KyselyChannelSendRepository();
let app: Application;

afterEach(async () => {
  await app.stop();
});

/** `count` pending webhook sends, one per notification, as the dispatcher wrote them. */
async function pendingSends(count: number) {
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
  const scope = { db: app.database.kysely };
  const states: ChannelSendState[] = [];
  for (let i = 0; i < count; i++) {
    const { delivery } = await send(app, { channel: 'webhook' });
    states.push(...(await repository.forDeliveries(scope, [delivery.id])));
  }
  /** Applies `change` to the stored send and writes it through the fence. */
  const write = async (state: ChannelSendState, change: (s: ChannelSend) => void) => {
    const current = (await repository.find(scope, state.id))!;
    const send = ChannelSend.rehydrate(current);
    change(send);
    const expected = { status: current.status, leaseToken: current.leaseToken };
    expect(await repository.save(scope, send, expected)).toBe(true);
    return send.snapshot();
  };
  return { scope, states, write };
}

const ids = (states: readonly ChannelSendState[]) => states.map((s) => s.id);

describe('the operator’s reads of the channel sends', () => {
  it('lists a failed send until it is sent again; its retry supersedes it', async () => {
    const { scope, states, write } = await pendingSends(2);
    const failed = await write(states[0]!, (s) => s.fail(at(1), 'unreachable'));
    await write(states[1]!, (s) => s.claim(at(1), at(31), 'token-a', 'instance-a'));
    const list = () => repository.forOperator(scope, { status: 'failed', limit: 10, now: at(2) });
    expect(ids(await list())).toEqual([failed.id]);
    expect(await repository.superseded(scope, failed)).toBe(false);

    const retry = sendAgain({ ...failed, subscriptionId: failed.subscriptionId! }, at(5), 'retry');
    await repository.insertMany(scope, [retry]);
    expect(await repository.superseded(scope, failed)).toBe(true);
    expect(ids(await list())).toEqual([]);
  });

  it('orders sends created at the same instant by id: the later id is the retry', async () => {
    const { scope, states, write } = await pendingSends(1);
    const failed = await write(states[0]!, (s) => s.fail(at(1), 'unreachable'));
    const twin = (id: string) =>
      sendAgain({ ...failed, subscriptionId: failed.subscriptionId! }, failed.createdAt, id);
    // Same instant, smaller id (a prefix sorts first under any collation): not a retry.
    const before = twin(failed.id.slice(0, -1));
    await repository.insertMany(scope, [before]);
    expect(await repository.superseded(scope, failed)).toBe(false);
    const list = () => repository.forOperator(scope, { status: 'failed', limit: 10, now: at(2) });
    expect(ids(await list())).toEqual([failed.id]);

    await repository.insertMany(scope, [twin(`${failed.id}z`)]);
    expect(await repository.superseded(scope, failed)).toBe(true);
    expect(ids(await list())).toEqual([]);
  });

  it('lists as stuck a send retrying after a failure and a claim whose lease is over, newest change first', async () => {
    const { scope, states, write } = await pendingSends(6);
    const [retrying, throttled, overdue, leased, fresh, failed] = states as [
      ChannelSendState,
      ChannelSendState,
      ChannelSendState,
      ChannelSendState,
      ChannelSendState,
      ChannelSendState,
    ];
    const timeout = { errorClass: 'timeout' as const, retryable: true, maybeDelivered: false };
    await write(retrying, (s) => {
      s.claim(at(1), at(31), 'token-r', 'instance-a');
      s.attemptFailed(at(2), timeout, RETRY);
    });
    await write(throttled, (s) => s.defer(at(2), at(600)));
    await write(overdue, (s) => s.claim(at(3), at(33), 'token-o', 'instance-a'));
    await write(leased, (s) => s.claim(at(4), at(100), 'token-l', 'instance-a'));
    await write(failed, (s) => s.fail(at(4), 'unreachable'));
    const stuck = (filter: { channel?: string; limit?: number } = {}) =>
      repository.forOperator(scope, { status: 'stuck', limit: 10, now: at(50), ...filter });

    // Neither the throttled send (waiting by design), the live claim, the fresh send nor the
    // failed one.
    expect(ids(await stuck())).toEqual([overdue.id, retrying.id]);
    expect(ids(await stuck({ limit: 1 }))).toEqual([overdue.id]);
    expect(ids(await stuck({ channel: 'webhook' }))).toEqual([overdue.id, retrying.id]);
    expect(ids(await stuck({ channel: 'email' }))).toEqual([]);
    expect(fresh.lastError).toBeNull();
  });
});
