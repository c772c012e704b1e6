import { type Listening, type WakeUpChannel } from '../database/database';
import { type Transaction } from '../database/unit-of-work';
import { silentLogger } from '../logger';
import { CrossProcessWakeUps } from './cross-process-wake-ups';
import { QueueStore } from './queue-store';

/** A channel whose notifications the test sends by hand; records what was announced. */
function fakeChannel() {
  let deliver: (payload: string | undefined) => void = () => undefined;
  let closed = 0;
  const channel: WakeUpChannel = {
    channel: 'tickler_queue_test',
    listen: (onNotify) => {
      deliver = onNotify;
      return Promise.resolve<Listening>({
        close: () => {
          closed++;
          return Promise.resolve();
        },
      });
    },
  };
  return { channel, notify: (p: string | undefined) => deliver(p), closed: () => closed };
}

/** A store whose NOTIFY statement is recorded instead of sent. */
function recordingStore(sent: string[]): QueueStore {
  const store = new QueueStore('postgres');
  store.notifyWakeUp = (_db, _channel, runAt) => {
    sent.push(runAt);
    return Promise.resolve();
  };
  return store;
}

const tx = (): Transaction => ({
  db: {} as Transaction['db'],
  recordEvents: () => undefined,
  afterCommit: () => undefined,
});

describe('CrossProcessWakeUps', () => {
  it('arms for an announced instant and looks again for anything else (a re-opened connection)', async () => {
    const { channel, notify, closed } = fakeChannel();
    const wakeUps = new CrossProcessWakeUps(channel, new QueueStore('postgres'), silentLogger);
    const seen: string[] = [];
    wakeUps.listen({
      armAt: (ms) => seen.push(`arm ${new Date(ms).toISOString()}`),
      lookNow: () => seen.push('look'),
    });
    await wakeUps.ready();
    notify('2026-09-10T08:30:05.000Z');
    notify(undefined);
    notify('not an instant');
    expect(seen).toEqual(['arm 2026-09-10T08:30:05.000Z', 'look', 'look']);
    await wakeUps.close();
    expect(closed()).toBe(1);
  });

  it('announces once per transaction unless a later write is earlier still', async () => {
    const sent: string[] = [];
    const wakeUps = new CrossProcessWakeUps(
      fakeChannel().channel,
      recordingStore(sent),
      silentLogger,
    );
    const one = tx();
    await wakeUps.announce(one, '2026-09-10T08:31:00.000Z');
    await wakeUps.announce(one, '2026-09-10T08:32:00.000Z');
    await wakeUps.announce(one, '2026-09-10T08:30:30.000Z');
    await wakeUps.announce(tx(), '2026-09-10T08:35:00.000Z');
    expect(sent).toEqual([
      '2026-09-10T08:31:00.000Z',
      '2026-09-10T08:30:30.000Z',
      '2026-09-10T08:35:00.000Z',
    ]);
  });

  it('does nothing without a channel (SQLite: the sweep finds other processes’ rows)', async () => {
    const sent: string[] = [];
    const wakeUps = new CrossProcessWakeUps(undefined, recordingStore(sent), silentLogger);
    wakeUps.listen({ armAt: () => undefined, lookNow: () => undefined });
    await wakeUps.announce(tx(), '2026-09-10T08:31:00.000Z');
    await wakeUps.ready();
    await wakeUps.close();
    expect(sent).toEqual([]);
  });
});
