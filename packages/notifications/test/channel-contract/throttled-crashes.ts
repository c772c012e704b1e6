import { tablesOf } from '@tickler/core';
import { openTestDatabase, REFERENCE_TIME } from '@tickler/core/testing';
import { type NotificationsTables } from '../../src/shared/infrastructure/notifications.tables';
import { createNotificationsTestApp, send } from '../../src/testing';
import { channelWorkers } from './channel-workers';
import { crashCase, subscribeAlice } from './crash-case';
import { restartAndDrain } from './restart-and-drain';

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
  const c = crashCase(kind, 'tickler-throttle-');
  const workers = channelWorkers();
  const subject = c.subject;

  async function seed(file: string): Promise<string[]> {
    const t = await createNotificationsTestApp({
      ...subject.contextOptions(c.receiver),
      file,
      throttle: THROTTLE,
    });
    await subscribeAlice(t.app, c.receiver);
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
        const file = c.dir.file('throttle.db');
        const ids = await seed(file);
        const options = { ...subject.contextOptions(c.receiver), throttle: THROTTLE };
        if (step === 'in-flight') {
          c.receiver.answer('hang');
        }
        const dying = workers.spawn([file, 'crash', at(HOUR), kind, JSON.stringify(options), step]);
        if (step === 'in-flight') {
          await dying.line((l) => l === 'in flight');
          for (let i = 0; i < 2_000 && c.receiver.keys().length < 2; i++) {
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          dying.kill('SIGKILL');
        }
        expect((await dying.exited).signal).toBe('SIGKILL');
        c.receiver.answer('accept');

        // Restart at the same instant: two go (the dead process's claims among them), one waits.
        await restartAndDrain(file, at(HOUR), options);
        const distinct = () => new Set(c.receiver.deliveries());
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
        c.receiver
          .deliveries()
          .forEach((id, i) => expect(c.receiver.keys()[i]).toBe(keyOf.get(id)));
      },
      90_000,
    );
  });
}
