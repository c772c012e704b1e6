import { type Application } from '@tickler/core';
import { createTempDirectory, type TempDirectory } from '@tickler/core/testing';
import { ChannelSendPool, SendLoopKick } from '../src/context';
import { RegisterSubscription } from '../src';
import { createNotificationsTestApp, ScriptedChannel, send } from '../src/testing';

// The send loop runs in this process right after a commit makes sends due now, not when the
// queue next claims its wake-up row (torture scenario 12: that waited behind a long batch).
// The manual clock never moves here: on SQLite nothing else would run the loop.
let dir: TempDirectory;
let app: Application;

beforeEach(() => {
  dir = createTempDirectory();
});
afterEach(async () => {
  await app.stop();
  dir.remove();
});

async function boot(channel: ScriptedChannel, endpointConcurrency = 4) {
  ({ app } = await createNotificationsTestApp({
    file: dir.file('app.db'),
    channels: [channel],
    endpointConcurrency,
  }));
  await app.dispatch(
    Object.assign(new RegisterSubscription(), {
      recipientId: 'alice',
      url: 'http://127.0.0.1:9/h',
    }),
  );
}

/** Waits for the kicked runs and the sends they started, until both are quiet. */
async function settled(): Promise<void> {
  const kick = app.get(SendLoopKick);
  const pool = app.get(ChannelSendPool);
  do {
    await kick.idle();
    await pool.idle();
  } while (pool.inFlight > 0 || kick.busy);
}

describe('the send loop kicked after a commit', () => {
  it('sends a webhook that fired right after its commit', async () => {
    const channel = new ScriptedChannel('webhook');
    await boot(channel);
    const { delivery } = await send(app, { channel: 'webhook' });
    await settled();
    expect(channel.requests.map((r) => r.deliveryId)).toEqual([delivery.id]);
  });

  it('starts the next send to a full endpoint as soon as a slot frees', async () => {
    const channel = new ScriptedChannel('webhook');
    await boot(channel, 1);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await send(app, { channel: 'webhook' })).delivery.id);
    }
    // One slot: each answer's settle frees it, and its commit kicks the loop for the next.
    await settled();
    expect(channel.requests.map((r) => r.deliveryId).sort()).toEqual([...ids].sort());
    expect(app.get(ChannelSendPool).inFlight).toBe(0);
  });
});
