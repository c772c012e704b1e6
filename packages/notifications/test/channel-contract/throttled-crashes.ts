import { tablesOf } from '@tickler/core';
import {
  createTempDirectory,
  openTestDatabase,
  REFERENCE_TIME,
  type TempDirectory,
} from '@tickler/core/testing';
import { ConfirmSubscription, RegisterSubscription } from '../../src';
import { type NotificationsTables } from '../../src/shared/infrastructure/notifications.tables';
import { createNotificationsTestApp, send } from '../../src/testing';
import { channelWorkers } from './channel-workers';
import { restartAndDrain } from './restart-and-drain';
import { CHANNEL_SUBJECTS, type ReceiverStandIn } from './subjects';

const at = (ms: number): string => new Date(Date.parse(REFERENCE_TIME) + ms).toISOString();
const HOUR = 3_600_000;
/** Notifications per case, one more than the throttle lets through in its window. */
const PER_CASE = 3;
const THROTTLE = '2/1h';
const STEPS = ['after-fire', 'after-claim', 'in-flight', 'after-answer', 'after-settle'] as const;

async function sendsOf(file: string) {
  const database = await openTestDatabase({ file });
  try {
    return await tablesOf<NotificationsTables>(database.kysely)
      .selectFrom('notification_channel_sends')
      .select(['id', 'delivery_id', 'status', 'last_error'])
      .execute();
  } finally {
    await database.close();
  }
}

/**
 * Throttling in the kill-at-every-step contract (issue 33): three at-least-once sends to one
 * person under `2/1h`, the process SIGKILLed at each step of a send; a restart at the same
 * instant sends two and defers the third (`throttled`), never sending it early and never
 * losing it; a restart after the window sends it. One send row per notification throughout.
 */
export function describeThrottledCrashes(kind: string): void {
  const subject = CHANNEL_SUBJECTS[kind];
  if (!subject) {
    throw new Error(`no contract subject for channel ${kind}`);
  }
  const workers = channelWorkers();
  let receiver: ReceiverStandIn;
  let dir: TempDirectory;
  beforeEach(async () => {
    receiver = await subject.startReceiver();
    dir = createTempDirectory('tickler-throttle-');
  });
  afterEach(async () => {
    await receiver.close();
    dir.remove();
  });

  async function seed(file: string): Promise<string[]> {
    const t = await createNotificationsTestApp({
      ...subject?.contextOptions(receiver),
      file,
      throttle: THROTTLE,
    });
    const registered = await t.app.dispatch(
      Object.assign(new RegisterSubscription(), {
        recipientId: 'alice',
        ...receiver.registration(),
      }),
    );
    const code = receiver.confirmationCode?.();
    if (code !== undefined) {
      await t.app.dispatch(
        Object.assign(new ConfirmSubscription(), { recipientId: 'alice', id: registered.id, code }),
      );
    }
    const ids: string[] = [];
    for (let i = 0; i < PER_CASE; i++) {
      ids.push((await send(t.app, { channels: [kind], scheduledAt: at(1000 + i) })).delivery.id);
    }
    await t.app.stop();
    return ids;
  }

  describe(`channel contract: ${kind} throttled (${THROTTLE}) across SIGKILL at each step`, () => {
    it.each(STEPS)(
      'killed %s',
      async (step) => {
        const file = dir.file('throttle.db');
        const ids = await seed(file);
        const options = { ...subject.contextOptions(receiver), throttle: THROTTLE };
        if (step === 'in-flight') {
          receiver.answer('hang');
        }
        const dying = workers.spawn([file, 'crash', at(HOUR), kind, JSON.stringify(options), step]);
        if (step === 'in-flight') {
          await dying.line((l) => l === 'in flight');
          for (let i = 0; i < 2_000 && receiver.keys().length < 2; i++) {
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          dying.kill('SIGKILL');
        }
        expect((await dying.exited).signal).toBe('SIGKILL');
        receiver.answer('accept');

        // Restart at the same instant: two go (the dead process's claims among them), one waits.
        await restartAndDrain(file, at(HOUR), options);
        const distinct = () => new Set(receiver.deliveries());
        expect(distinct().size).toBe(2);
        const within = await sendsOf(file);
        expect(within).toHaveLength(PER_CASE);
        expect(within.filter((s) => s.status === 'sent')).toHaveLength(2);
        expect(within.filter((s) => s.status === 'pending')).toEqual([
          expect.objectContaining({ last_error: 'throttled' }),
        ]);

        // After the window: the deferred one goes, under its own key; nothing was lost.
        await restartAndDrain(file, at(3 * HOUR), options);
        const after = await sendsOf(file);
        expect(after).toHaveLength(PER_CASE);
        expect(after.every((s) => s.status === 'sent')).toBe(true);
        expect([...distinct()].sort()).toEqual([...ids].sort());
        const keyOf = new Map(after.map((s) => [s.delivery_id, s.id]));
        receiver.deliveries().forEach((id, i) => expect(receiver.keys()[i]).toBe(keyOf.get(id)));
      },
      90_000,
    );
  });
}
