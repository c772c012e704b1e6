// Over 300 lines: the one contract every channel adapter passes (issue 12), in-process cases and
// the SIGKILL cases side by side so a new channel gets all of them from one call.
import { type Application, tablesOf } from '@tickler/core';
import {
  createTempDirectory,
  openTestDatabase,
  REFERENCE_TIME,
  type TempDirectory,
} from '@tickler/core/testing';
import { type Kysely } from 'kysely';
import {
  ConfirmSubscription,
  GetNotification,
  type Guarantee,
  RegisterSubscription,
} from '../../src';
import { type NotificationsTables } from '../../src/shared/infrastructure/notifications.tables';
import { createNotificationsTestApp, type NotificationsTestApp, send } from '../../src/testing';
import { channelWorkers } from './channel-workers';
import { restartAndDrain } from './restart-and-drain';
import { CHANNEL_SUBJECTS, type ReceiverStandIn } from './subjects';

const at = (ms: number): string => new Date(Date.parse(REFERENCE_TIME) + ms).toISOString();
const HOUR = 3_600_000;
/** Notifications per crash case: the step kills the process with all of them in one state. */
const PER_CASE = 3;

/** Where a process dies in the crash cases of an external channel. */
const EXTERNAL_STEPS = [
  'after-fire',
  'after-claim',
  'in-flight',
  'after-answer',
  'after-settle',
] as const;

async function stored<T>(file: string, read: (db: Kysely<NotificationsTables>) => Promise<T>) {
  const database = await openTestDatabase({ file });
  try {
    return await read(tablesOf<NotificationsTables>(database.kysely));
  } finally {
    await database.close();
  }
}

async function view(app: Application, id: string) {
  return app.dispatch(Object.assign(new GetNotification(), { recipientId: 'alice', id }));
}

/**
 * The contract of an external channel (`CHANNEL_SUBJECTS[kind]`), on the back end the run
 * selects (`TICKLER_TEST_DB`): idempotency key on every request, retry with backoff then
 * `failed` with the last error, one channel's failure leaving the inbox's outcome alone, and
 * at-least-once / at-most-once across a SIGKILL at each step of a send, with real processes.
 */
export function describeChannelContract(kind: string): void {
  const subject = CHANNEL_SUBJECTS[kind];
  if (!subject) {
    throw new Error(`no contract subject for channel ${kind}`);
  }
  const workers = channelWorkers();
  let receiver: ReceiverStandIn;
  let dir: TempDirectory;
  const apps: Application[] = [];

  beforeEach(async () => {
    receiver = await subject.startReceiver();
    dir = createTempDirectory('tickler-contract-');
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) {
      await app.stop({ deadlineMs: 100 });
    }
    await receiver.close();
    dir.remove();
  });

  async function boot(file?: string): Promise<NotificationsTestApp> {
    const t = await createNotificationsTestApp({
      ...subject?.contextOptions(receiver),
      ...(file !== undefined ? { file } : {}),
    });
    apps.push(t.app);
    return t;
  }

  async function subscribe(app: Application, guarantee: Guarantee = 'at-least-once') {
    const registered = await app.dispatch(
      Object.assign(new RegisterSubscription(), {
        recipientId: 'alice',
        guarantee,
        ...receiver.registration(),
      }),
    );
    // A target that must be confirmed (email) is confirmed by its owner, as in life.
    const code = receiver.confirmationCode?.();
    if (code === undefined) {
      return registered;
    }
    return app.dispatch(
      Object.assign(new ConfirmSubscription(), { recipientId: 'alice', id: registered.id, code }),
    );
  }

  describe(`channel contract: ${kind}`, () => {
    it('sends after commit, never inside the request, with the send id as idempotency key', async () => {
      const t = await boot();
      await subscribe(t.app);
      const { delivery } = await send(t.app, { channels: [kind] });
      expect(delivery).toMatchObject({ status: 'sending', channels: [{ status: 'pending' }] });
      expect(receiver.keys()).toEqual([]);
      await t.sendsSettled();
      const sends = await t.db.selectFrom('notification_channel_sends').select('id').execute();
      expect(receiver.keys()).toEqual(sends.map((s) => s.id));
      expect(receiver.deliveries()).toEqual([delivery.id]);
      expect(await view(t.app, delivery.id)).toMatchObject({
        status: 'sent',
        channels: [{ channel: kind, status: 'sent', attempts: 1, lastError: null }],
      });
    });

    it('retries with backoff under one idempotency key, then fails with the last error', async () => {
      const t = await boot();
      await subscribe(t.app);
      receiver.answer('fail');
      const { delivery } = await send(t.app, { channels: [kind] });
      await t.sendsSettled();
      let attempts = 1;
      for (; attempts < 20 && (await view(t.app, delivery.id)).status === 'sending'; attempts++) {
        const before = receiver.keys().length;
        const due = await t.db
          .selectFrom('notification_channel_sends')
          .select('due_at')
          .executeTakeFirstOrThrow();
        // Not a moment before its backoff ends…
        t.clock.set(new Date(Date.parse(due.due_at ?? '') - 1).toISOString());
        await t.sendsSettled();
        expect(receiver.keys()).toHaveLength(before);
        // …and at once when it does.
        await t.clock.advance(1);
        await t.sendsSettled();
        expect(receiver.keys()).toHaveLength(before + 1);
      }
      const final = await view(t.app, delivery.id);
      expect(final).toMatchObject({
        status: 'failed',
        lastError: subject.failClass,
        channels: [{ channel: kind, status: 'failed', lastError: subject.failClass }],
      });
      expect(final.channels[0]?.attempts).toBe(attempts);
      expect(attempts).toBeGreaterThan(1);
      expect(new Set(receiver.keys()).size).toBe(1);
    });

    it('one channel failing never changes the inbox’s outcome: the notification stays sent', async () => {
      const t = await boot();
      await subscribe(t.app);
      receiver.answer('fail');
      const failed: unknown[] = [];
      t.app.events.subscribe('notifications.failed', (e) => failed.push(e));
      const { delivery } = await send(t.app, { channels: ['inbox', kind] });
      expect(delivery).toMatchObject({
        status: 'sent',
        channels: [
          { channel: 'inbox', status: 'sent' },
          { channel: kind, status: 'pending' },
        ],
      });
      for (
        let i = 0;
        i < 20 && (await view(t.app, delivery.id)).channels[1]?.status !== 'failed';
        i++
      ) {
        await t.sendsSettled();
        await t.clock.advance(HOUR); // past any backoff
      }
      expect(await view(t.app, delivery.id)).toMatchObject({
        status: 'sent',
        lastError: null,
        channels: [
          { channel: 'inbox', status: 'sent', attempts: 1 },
          { channel: kind, status: 'failed', lastError: subject.failClass },
        ],
      });
      const inbox = await t.db.selectFrom('notification_inbox').select('notification_id').execute();
      expect(inbox).toEqual([{ notification_id: delivery.id }]);
      expect(failed).toEqual([]);
    });

    for (const guarantee of ['at-least-once', 'at-most-once'] as const) {
      describe(`${guarantee} across SIGKILL at each step (real child processes)`, () => {
        it.each(EXTERNAL_STEPS)(
          'killed %s',
          async (step) => {
            const file = dir.file('contract.db');
            const seeding = await boot(file);
            await subscribe(seeding.app, guarantee);
            const ids: string[] = [];
            for (let i = 0; i < PER_CASE; i++) {
              ids.push(
                (await send(seeding.app, { channels: [kind], scheduledAt: at(1000 + i) })).delivery
                  .id,
              );
            }
            await seeding.app.stop();
            apps.splice(0);
            const options = JSON.stringify(subject.contextOptions(receiver));
            if (step === 'in-flight') {
              receiver.answer('hang');
            }
            const dying = workers.spawn([file, 'crash', at(HOUR), kind, options, step]);
            if (step === 'in-flight') {
              await dying.line((l) => l === 'in flight');
              for (let i = 0; i < 2_000 && receiver.keys().length < PER_CASE; i++) {
                await new Promise((resolve) => setTimeout(resolve, 5));
              }
              dying.kill('SIGKILL');
            }
            expect((await dying.exited).signal).toBe('SIGKILL');
            const reachedBefore = receiver.keys().length;
            receiver.answer('accept');
            // The restart comes at the same instant: the dead process's claims are taken at once
            // (a fresh application in this process; only the dying needs its own).
            await restartAndDrain(file, at(HOUR), subject.contextOptions(receiver));

            const result = await stored(file, async (db) => ({
              deliveries: await db
                .selectFrom('notification_deliveries')
                .select(['id', 'status'])
                .orderBy('id')
                .execute(),
              sends: await db
                .selectFrom('notification_channel_sends')
                .select(['id', 'delivery_id', 'status', 'last_error'])
                .execute(),
            }));
            expect(result.sends).toHaveLength(PER_CASE); // one send per notification, never two
            const keyOf = new Map(result.sends.map((s) => [s.delivery_id, s.id]));
            // Every request carried its send's idempotency key.
            receiver
              .deliveries()
              .forEach((id, i) => expect(receiver.keys()[i]).toBe(keyOf.get(id)));
            const hits = (id: string) => receiver.deliveries().filter((d) => d === id).length;
            for (const id of ids) {
              if (guarantee === 'at-least-once') {
                expect(hits(id)).toBeGreaterThanOrEqual(1);
              } else {
                expect(hits(id)).toBeLessThanOrEqual(1);
              }
            }
            if (guarantee === 'at-least-once') {
              expect(result.deliveries.map((d) => d.status)).toEqual(ids.map(() => 'sent'));
              expect(result.sends.every((s) => s.status === 'sent')).toBe(true);
              return;
            }
            // At most once: a send whose outcome the dead process left unknown is failed as
            // abandoned, never repeated; one that settled, or was not claimed yet, is sent once.
            for (const s of result.sends) {
              expect([s.status, s.last_error]).toEqual(
                s.status === 'sent' ? ['sent', null] : ['failed', 'abandoned'],
              );
              if (s.status === 'sent') {
                expect(hits(s.delivery_id)).toBe(1);
              }
            }
            const sent = result.sends.filter((s) => s.status === 'sent').length;
            if (step === 'after-fire') {
              expect(sent).toBe(PER_CASE); // nothing was claimed when it died
            } else if (step === 'after-settle') {
              expect(sent).toBeGreaterThanOrEqual(1); // the one that settled
            } else {
              expect(sent).toBe(0); // every send was claimed when it died
              expect(receiver.keys()).toHaveLength(reachedBefore);
              if (step === 'after-claim') {
                expect(reachedBefore).toBe(0);
              } else if (step === 'in-flight') {
                expect(reachedBefore).toBe(PER_CASE); // the test waited for all of them
              } else {
                expect(reachedBefore).toBeGreaterThanOrEqual(1); // at least the answered one
              }
            }
          },
          60_000,
        );
      });
    }
  });
}

/**
 * The contract of the in-transaction channel (the inbox): its row and the notification's
 * status commit together, so across a SIGKILL before or after that commit each notification
 * ends with exactly one inbox row.
 */
export function describeInboxContract(): void {
  const workers = channelWorkers();
  let dir: TempDirectory;
  beforeEach(() => {
    dir = createTempDirectory('tickler-contract-');
  });
  afterEach(() => dir.remove());

  describe('channel contract: inbox (in-transaction)', () => {
    it.each(['inside-fire', 'after-fire'] as const)(
      'exactly once across SIGKILL %s (real child processes)',
      async (step) => {
        const file = dir.file('contract.db');
        const seeding = await createNotificationsTestApp({ file, start: false });
        const ids: string[] = [];
        for (let i = 0; i < PER_CASE; i++) {
          ids.push(
            (await send(seeding.app, { channels: ['inbox'], scheduledAt: at(1000 + i) })).delivery
              .id,
          );
        }
        await seeding.app.stop();
        const dying = workers.spawn([file, 'crash', at(HOUR), 'inbox', '{}', step]);
        expect((await dying.exited).signal).toBe('SIGKILL');
        const midway = await stored(file, (db) =>
          db.selectFrom('notification_inbox').select('notification_id').execute(),
        );
        expect(midway).toHaveLength(step === 'inside-fire' ? 0 : PER_CASE);
        await restartAndDrain(file, at(HOUR), {});
        const result = await stored(file, async (db) => ({
          statuses: (await db.selectFrom('notification_deliveries').select('status').execute()).map(
            (r) => r.status,
          ),
          inbox: (
            await db.selectFrom('notification_inbox').select('notification_id').execute()
          ).map((r) => r.notification_id),
          sends: await db.selectFrom('notification_channel_sends').select('id').execute(),
        }));
        expect(result.statuses).toEqual(ids.map(() => 'sent'));
        expect(result.inbox.sort()).toEqual([...ids].sort());
        expect(result.sends).toEqual([]); // the inbox needs no channel-send row
      },
      60_000,
    );
  });
}
