import { ManualClock } from '@tickler/core';
import { type PendingSettlement } from '../ports/notification-delivery.repository';
import { resolveNotificationsOptions } from '../../../shared/application/notifications.options';
import {
  FakeUnitOfWork,
  InMemoryDeliveryRepository,
  InMemoryWithdrawals,
  RecordingWakeUp,
  SequentialIds,
} from '../../../testing';
import { fanOut } from '../fan-out';
import { type PlannedNotification, ReconcileScheduled } from './reconcile-scheduled.command';
import { ReconcileScheduledHandler } from './reconcile-scheduled.handler';

const NOW = '2026-09-10T08:30:00.000Z';
const at = (ms: number): string => new Date(Date.parse(NOW) + ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function setup(deliveries = new InMemoryDeliveryRepository()) {
  const uow = new FakeUnitOfWork();
  const withdrawals = new InMemoryWithdrawals();
  const clock = new ManualClock(NOW);
  const wakeUp = new RecordingWakeUp();
  const handler = new ReconcileScheduledHandler(
    uow,
    clock,
    new SequentialIds(),
    deliveries,
    wakeUp,
    resolveNotificationsOptions(),
    withdrawals,
  );
  const run = (planned: PlannedNotification[], pruneAfterDays?: number) =>
    handler.execute(
      Object.assign(new ReconcileScheduled(), {
        sourceApp: 'events',
        planned,
        ...(pruneAfterDays !== undefined ? { pruneAfterDays } : {}),
      }),
    );
  return { uow, clock, wakeUp, deliveries, run, withdrawals };
}

function entry(fields: Partial<PlannedNotification> = {}): PlannedNotification {
  return {
    recipientId: 'alice',
    sourceKey: 'event:1',
    title: 'Concert',
    message: 'Doors at 19:30',
    scheduledAt: at(HOUR),
    ...fields,
  };
}

describe('ReconcileScheduledHandler', () => {
  it('creates scheduled rows through the aggregate and moves the wake-up once, to the earliest', async () => {
    const { run, wakeUp, uow, deliveries } = setup();
    const result = await run([
      entry({ sourceKey: 'late', scheduledAt: at(3 * HOUR) }),
      entry({
        sourceKey: 'lead',
        eventAt: at(2 * HOUR),
        rule: 'lead:5400',
        scheduledAt: undefined,
      }),
    ]);
    expect(result).toEqual({ created: 2, updated: 0, unchanged: 0, withdrawn: 0, pruned: 0 });
    expect(wakeUp.calls).toEqual([at(HOUR / 2)]);
    expect(uow.published.map((e) => e.type)).toEqual([
      'notifications.scheduled',
      'notifications.scheduled',
    ]);
    const lead = [...deliveries.rows.values()].find((r) => r.source?.key === 'lead');
    expect(lead).toMatchObject({
      status: 'scheduled',
      scheduledAt: at(HOUR / 2),
      eventAt: at(2 * HOUR),
      source: { app: 'events', key: 'lead', rule: 'lead:5400', collection: null, id: null },
    });
  });

  it('does not send or create an entry whose instant has passed, and does not wake for it', async () => {
    const { run, wakeUp, deliveries } = setup();
    expect(await run([entry({ scheduledAt: NOW })])).toMatchObject({ created: 0, unchanged: 1 });
    expect(deliveries.rows.size).toBe(0);
    expect(wakeUp.calls).toEqual([]);
  });

  it('patches a drifted row via reschedule and wakes at the moved instant; an unchanged plan does nothing', async () => {
    const { run, wakeUp, uow, clock, deliveries } = setup();
    await run([entry()]);
    clock.set(at(1000));
    expect(await run([entry()])).toMatchObject({ unchanged: 1, updated: 0 });
    expect(await run([entry({ scheduledAt: at(HOUR / 4), title: 'Concert!' })])).toMatchObject({
      updated: 1,
    });
    expect(wakeUp.calls).toEqual([at(HOUR), at(HOUR / 4)]);
    expect(uow.published.map((e) => e.type)).toEqual([
      'notifications.scheduled',
      'notifications.rescheduled',
    ]);
    expect([...deliveries.rows.values()][0]).toMatchObject({
      title: 'Concert!',
      scheduledAt: at(HOUR / 4),
      dueAt: at(HOUR / 4),
      updatedAt: at(1000),
    });
  });

  it('withdraws a future row missing from the plan as a canceled tombstone with reason withdrawn', async () => {
    const { run, uow, deliveries } = setup();
    await run(fanOut(entry(), ['alice', 'bob']));
    expect(await run([entry()])).toMatchObject({ unchanged: 1, withdrawn: 1 });
    const bob = [...deliveries.rows.values()].find((r) => r.recipientId === 'bob');
    expect(bob?.status).toBe('canceled');
    expect(uow.published.at(-1)).toMatchObject({
      type: 'notifications.canceled',
      payload: { deliveryId: bob?.id, recipientId: 'bob', reason: 'withdrawn' },
    });
    // Planned again (opt-in back on): bob's reminder is scheduled again, on a new row.
    expect(await run(fanOut(entry(), ['alice', 'bob']))).toMatchObject({
      created: 1,
      unchanged: 1,
    });
    const bobs = [...deliveries.rows.values()].filter((r) => r.recipientId === 'bob');
    expect(bobs.map((r) => r.status)).toEqual(['scheduled']);
    expect(bobs[0]?.id).not.toBe(bob?.id);
  });

  it("a person's cancel stays a tombstone that no plan resurrects, through an off/on cycle", async () => {
    const { run, deliveries, withdrawals } = setup();
    await run(fanOut(entry(), ['alice', 'bob']));
    const row = [...deliveries.rows.values()].find((r) => r.recipientId === 'bob')!;
    const bob = (await deliveries.findById(null, row.id))!;
    bob.cancel(NOW); // as CancelNotification does: reason requested, no withdrawal mark
    await deliveries.save(null, bob, { status: 'scheduled' });
    expect(await run([])).toMatchObject({ withdrawn: 1 });
    expect(withdrawals.ids.size).toBe(1);
    expect(await run(fanOut(entry(), ['alice', 'bob']))).toMatchObject({
      created: 1,
      unchanged: 1,
    });
    const rows = [...deliveries.rows.values()];
    expect(rows.map((r) => [r.recipientId, r.status]).sort()).toEqual([
      ['alice', 'scheduled'],
      ['bob', 'canceled'],
    ]);
    expect(withdrawals.ids.size).toBe(0);
  });

  it('prunes settled rows older than pruneAfterDays that the plan no longer has', async () => {
    const { run, clock, deliveries } = setup();
    await run([entry({ sourceKey: 'a' }), entry({ sourceKey: 'b', scheduledAt: at(2 * HOUR) })]);
    expect(await run([entry({ sourceKey: 'a' })])).toMatchObject({ withdrawn: 1 });
    clock.set(at(2 * HOUR + 2 * DAY + 1));
    // `a` is still scheduled (its dispatcher never ran): never pruned. `b` is a 2-day-old tombstone.
    expect(await run([], 2)).toMatchObject({ pruned: 1, withdrawn: 0 });
    expect([...deliveries.rows.values()].map((r) => r.source?.key)).toEqual(['a']);
  });

  it('fails the whole reconcile, publishing nothing, when a row changed under it', async () => {
    class RacingRepository extends InMemoryDeliveryRepository {
      override saveMany(s: unknown, pending: readonly PendingSettlement[]): Promise<Set<string>> {
        return super.saveMany(s, pending.slice(1));
      }
    }
    const { run, uow } = setup(new RacingRepository());
    await run([entry({ sourceKey: 'a' }), entry({ sourceKey: 'b' })]);
    const published = uow.published.length;
    await expect(run([entry({ sourceKey: 'c' })])).rejects.toMatchObject({
      code: 'NOTIFICATIONS.CONCURRENT_UPDATE',
    });
    expect(uow.published).toHaveLength(published);
  });

  it('refuses two entries with the same (recipientId, sourceKey, rule), naming the later one', async () => {
    const { run } = setup();
    await expect(
      run([
        entry(),
        entry({ rule: 'lead:60', eventAt: at(HOUR), scheduledAt: undefined }),
        entry(),
      ]),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [
        {
          path: 'planned.2.sourceKey',
          message: 'duplicates planned.0 (same recipientId, sourceKey and rule)',
        },
      ],
    });
  });
});

describe('fanOut', () => {
  it('makes one entry per distinct recipient, replacing any recipientId given', () => {
    const base = entry({ recipientId: 'ignored', url: '/e/1' });
    expect(fanOut(base, new Set(['a', 'b']))).toEqual([
      { ...base, recipientId: 'a' },
      { ...base, recipientId: 'b' },
    ]);
    expect(fanOut(base, [])).toEqual([]);
  });
});
