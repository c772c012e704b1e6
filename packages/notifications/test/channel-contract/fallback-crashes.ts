import { tablesOf } from '@tickler/core';
import { openTestDatabase, REFERENCE_TIME } from '@tickler/core/testing';
import { RegisterSubscription } from '../../src';
import { type NotificationsTables } from '../../src/shared/infrastructure/notifications.tables';
import {
  createNotificationsTestApp,
  type NtfyStandIn,
  send,
  startNtfyStandIn,
} from '../../src/testing';
import { channelWorkers } from './channel-workers';
import { crashCase, subscribeAlice } from './crash-case';
import { restartAndDrain } from './restart-and-drain';

/** The reminder's instant: its ntfy send fails for good then, and the fallback goes at once. */
const FIRE = new Date(Date.parse(REFERENCE_TIME) + 1000).toISOString();
/** The channel that fails for good: an ntfy topic whose server answers 410 Gone. */
const FAILING = 'ntfy';
/** Steps of the firing and of the failing send (the fallback row is written with its failure). */
const FAIL_STEPS = ['inside-fire', 'after-fire', 'after-claim', 'after-answer', 'after-failed'];
/** Steps of the fallback's own send, once the failure is settled. */
const SEND_STEPS = ['after-claim', 'after-answer', 'after-settle'] as const;

/** The sends stored: the fallback ones (`fallback` true) or the others. */
async function sendsOf(file: string, fallback = true) {
  const database = await openTestDatabase({ file });
  try {
    return await tablesOf<NotificationsTables>(database.kysely)
      .selectFrom('notification_channel_sends')
      .select(['id', 'status'])
      .where('fallback', '=', fallback ? 1 : 0)
      .execute();
  } finally {
    await database.close();
  }
}

/**
 * Fallback in the kill-at-every-step contract (issue 33 item 2): a reminder to the inbox and an
 * ntfy topic that answers 410 Gone (or, at-most-once, is abandoned by a kill), falling back to
 * `kind`; the process SIGKILLed while firing it, at each step of the failing send (the fallback
 * row commits with its failure or not at all) and at each step of the fallback's own send. Restarts send the fallback once, under its row's id, and
 * there is only ever one fallback row.
 */
export function describeFallbackCrashes(kind: string): void {
  const c = crashCase(kind, 'tickler-fallback-');
  const subject = c.subject;
  let gone: NtfyStandIn;
  beforeEach(async () => {
    gone = await startNtfyStandIn();
    gone.respond = () => 410;
  });
  afterEach(() => gone.close());

  async function seed(file: string): Promise<string> {
    const t = await createNotificationsTestApp({ ...subject.contextOptions(c.receiver), file });
    await subscribeAlice(t.app, c.receiver, { default: false });
    await t.app.dispatch(
      Object.assign(new RegisterSubscription(), {
        recipientId: 'alice',
        kind: FAILING,
        server: gone.url,
        topic: 'gone',
      }),
    );
    const { delivery } = await send(t.app, {
      channels: ['inbox', FAILING],
      scheduledAt: FIRE,
      fallback: { channel: kind },
    });
    await t.app.stop();
    return delivery.id;
  }

  const workers = channelWorkers();

  /** A worker dying at `step` of `channel`'s send; resolves with how it ended. */
  function crash(file: string, channel: string, step: string) {
    const options = JSON.stringify(subject.contextOptions(c.receiver));
    return workers.spawn([file, 'crash', FIRE, channel, options, step]).exited;
  }

  /** The restart: everything due at the instant run to the end (restart-and-drain.ts). */
  const serve = (file: string) => restartAndDrain(file, FIRE, subject.contextOptions(c.receiver));

  /** Exactly one fallback row, sent, and every request it made under its id. */
  async function sentOnce(file: string, deliveryId: string): Promise<void> {
    expect(await sendsOf(file, false)).toEqual([expect.objectContaining({ status: 'failed' })]);
    const rows = await sendsOf(file);
    expect(rows).toEqual([expect.objectContaining({ status: 'sent' })]);
    expect(new Set(c.receiver.keys())).toEqual(new Set([rows[0]?.id]));
    expect(new Set(c.receiver.deliveries())).toEqual(new Set([deliveryId]));
  }

  describe(`channel contract: fallback to ${kind} across SIGKILL at each step`, () => {
    it.each(FAIL_STEPS)(
      'the failing send killed %s: one fallback row, sent once',
      async (step) => {
        const file = c.dir.file('fallback.db');
        const id = await seed(file);
        expect((await crash(file, FAILING, step)).signal).toBe('SIGKILL');
        await serve(file);
        await sentOnce(file, id);
      },
      90_000,
    );

    it.each(SEND_STEPS)(
      'the fallback send killed %s: sent once, under its row’s id',
      async (step) => {
        const file = c.dir.file('fallback.db');
        const id = await seed(file);
        expect((await crash(file, FAILING, 'after-failed')).signal).toBe('SIGKILL');
        expect(await sendsOf(file)).toHaveLength(1);
        expect((await crash(file, kind, step)).signal).toBe('SIGKILL');
        await serve(file);
        await sentOnce(file, id);
      },
      90_000,
    );
  });
}
