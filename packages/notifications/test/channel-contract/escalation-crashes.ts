import { tablesOf } from '@tickler/core';
import { openTestDatabase, REFERENCE_TIME } from '@tickler/core/testing';
import { type NotificationsTables } from '../../src/shared/infrastructure/notifications.tables';
import { createNotificationsTestApp, send } from '../../src/testing';
import { channelWorkers } from './channel-workers';
import { crashCase, subscribeAlice } from './crash-case';
import { restartAndDrain } from './restart-and-drain';

const at = (ms: number): string => new Date(Date.parse(REFERENCE_TIME) + ms).toISOString();
const HOUR = 3_600_000;
/** The reminder's instant; its escalation is due an hour later. */
const FIRE = at(1000);
const ESCALATE = at(1000 + HOUR);
/** Steps of the firing (the escalation row is written with it) and of the escalation's send. */
const FIRE_STEPS = ['inside-fire', 'after-fire'] as const;
const SEND_STEPS = ['after-claim', 'after-answer', 'after-settle'] as const;

async function escalationSends(file: string) {
  const database = await openTestDatabase({ file });
  try {
    return await tablesOf<NotificationsTables>(database.kysely)
      .selectFrom('notification_channel_sends')
      .select(['id', 'status', 'due_at'])
      .where('escalation', '=', 1)
      .execute();
  } finally {
    await database.close();
  }
}

/**
 * Escalation in the kill-at-every-step contract (issue 33 item 2): an inbox reminder escalating
 * to `kind` after an hour, the process SIGKILLed while firing it (the escalation row commits
 * with the firing or not at all) and at each step of the escalation's send; restarts send it
 * once, under its row's id, never before its instant, and there is only ever one such row.
 */
export function describeEscalationCrashes(kind: string): void {
  const c = crashCase(kind, 'tickler-escalate-');
  const subject = c.subject;

  async function seed(file: string): Promise<string> {
    const t = await createNotificationsTestApp({ ...subject.contextOptions(c.receiver), file });
    await subscribeAlice(t.app, c.receiver, { default: false });
    const { delivery } = await send(t.app, {
      channels: ['inbox'],
      scheduledAt: FIRE,
      escalate: { after: '1h', channel: kind },
    });
    await t.app.stop();
    return delivery.id;
  }

  const workers = channelWorkers();

  /** A worker dying at `step` of what is due at `instant`; resolves with how it ended. */
  function crash(file: string, instant: string, step: string) {
    const options = JSON.stringify(subject.contextOptions(c.receiver));
    return workers.spawn([file, 'crash', instant, kind, options, step]).exited;
  }

  /** The restart: everything due at `instant` run to the end (restart-and-drain.ts). */
  const serve = (file: string, instant: string) =>
    restartAndDrain(file, instant, subject.contextOptions(c.receiver));

  /** Exactly one escalation row, sent, and every request it made under its id. */
  async function sentOnce(file: string, deliveryId: string): Promise<void> {
    const rows = await escalationSends(file);
    expect(rows).toEqual([expect.objectContaining({ status: 'sent' })]);
    expect(new Set(c.receiver.keys())).toEqual(new Set([rows[0]?.id]));
    expect(new Set(c.receiver.deliveries())).toEqual(new Set([deliveryId]));
  }

  describe(`channel contract: ${kind} escalation across SIGKILL at each step`, () => {
    it.each(FIRE_STEPS)(
      'killed %s: one escalation row, not sent before its instant, sent once at it',
      async (step) => {
        const file = c.dir.file('escalate.db');
        const id = await seed(file);
        expect((await crash(file, FIRE, step)).signal).toBe('SIGKILL');
        await serve(file, FIRE);
        expect(await escalationSends(file)).toEqual([
          expect.objectContaining({ status: 'pending', due_at: ESCALATE }),
        ]);
        expect(c.receiver.keys()).toEqual([]);
        await serve(file, ESCALATE);
        await sentOnce(file, id);
      },
      90_000,
    );

    it.each(SEND_STEPS)(
      'killed %s: sent once, under its row’s id',
      async (step) => {
        const file = c.dir.file('escalate.db');
        const id = await seed(file);
        await serve(file, FIRE);
        expect((await crash(file, ESCALATE, step)).signal).toBe('SIGKILL');
        await serve(file, ESCALATE);
        await sentOnce(file, id);
      },
      90_000,
    );
  });
}
