// Over 300 lines: every reconcile rule (plan, diff, withdraw vs tombstone, limits) against one real database set-up.
import { type Application, CommandValidationError, type DomainEvent } from '@tickler/core';
import { explainOnPostgres, REFERENCE_TIME, testBackend } from '@tickler/core/testing';
import { CompiledQuery, sql } from 'kysely';
import {
  CancelNotification,
  DeliverDueNotifications,
  fanOut,
  type NotificationCanceled,
  type PlannedNotification,
  ReconcileScheduled,
  type ReconcileResult,
} from '../../../index';
import { DELIVER_DUE_WAKE_UP_KEY } from '../../../shared/infrastructure/queue-delivery-wake-up';
import {
  createNotificationsTestApp,
  deliveryRows,
  type NotificationsTestApp,
} from '../../../testing';

const at = (ms: number): string => new Date(Date.parse(REFERENCE_TIME) + ms).toISOString();
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function entry(fields: Partial<PlannedNotification> = {}): PlannedNotification {
  return {
    recipientId: 'alice',
    sourceKey: 'bins:2026-09-10',
    title: 'Bins out tonight',
    message: 'Trash and recycling.',
    scheduledAt: at(HOUR),
    ...fields,
  };
}

function reconcile(
  app: Application,
  planned: PlannedNotification[],
  extra: { sourceApp?: string; pruneAfterDays?: number } = {},
): Promise<ReconcileResult> {
  return app.dispatch(
    Object.assign(new ReconcileScheduled(), { sourceApp: 'home', planned, ...extra }),
  );
}

const counts = (partial: Partial<ReconcileResult>): ReconcileResult => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  withdrawn: 0,
  pruned: 0,
  ...partial,
});

function rows(t: NotificationsTestApp) {
  return deliveryRows(t.db).orderBy('d.source_key').execute();
}

function recordEvents(app: Application): DomainEvent[] {
  const events: DomainEvent[] = [];
  app.events.subscribe('*', (e) => events.push(e));
  return events;
}

async function wakeUpAt(t: NotificationsTestApp): Promise<string | undefined> {
  const r = await sql<{ run_at: string }>`select run_at from shared_scheduled_commands
    where key = ${DELIVER_DUE_WAKE_UP_KEY} and status = 'pending'`.execute(t.db);
  return r.rows[0]?.run_at;
}

async function validationPaths(run: Promise<unknown>): Promise<string[]> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CommandValidationError);
  return (error as CommandValidationError).fields.map((f) => f.path).sort();
}

describe('ReconcileScheduled on SQLite', () => {
  let t: NotificationsTestApp;
  beforeEach(async () => {
    t = await createNotificationsTestApp({ start: false });
  });
  afterEach(async () => {
    await t.app.stop();
  });

  it('creates missing rows as scheduled, with provenance, events and the wake-up at the earliest', async () => {
    const events = recordEvents(t.app);
    const result = await reconcile(t.app, [
      entry({
        sourceKey: 'b',
        scheduledAt: at(2 * HOUR),
        sourceCollection: 'pickups',
        sourceId: 'p1',
      }),
      entry({ sourceKey: 'a', scheduledAt: '2026-09-10T11:30:00+02:00', url: '/home' }),
    ]);
    expect(result).toEqual(counts({ created: 2 }));
    const [a, b] = await rows(t);
    expect(a).toMatchObject({
      recipient_id: 'alice',
      status: 'scheduled',
      channels: null,
      scheduled_at: '2026-09-10T09:30:00.000Z',
      due_at: '2026-09-10T09:30:00.000Z',
      url: '/home',
      source_app: 'home',
      source_key: 'a',
      source_rule: null,
      event_at: null,
    });
    expect(b).toMatchObject({ source_collection: 'pickups', source_id: 'p1' });
    expect(events.map((e) => e.type)).toEqual([
      'notifications.scheduled',
      'notifications.scheduled',
    ]);
    expect(await wakeUpAt(t)).toBe('2026-09-10T09:30:00.000Z');
  });

  it('is idempotent: the same plan twice changes nothing and raises no events', async () => {
    const plan = [
      entry({ sourceKey: 'a' }),
      entry({ sourceKey: 'b', eventAt: at(3 * HOUR), rule: 'lead:600', scheduledAt: undefined }),
      entry({ sourceKey: 'a', recipientId: 'bob', url: '/x' }),
    ];
    expect(await reconcile(t.app, plan)).toEqual(counts({ created: 3 }));
    const before = await rows(t);
    const events = recordEvents(t.app);
    t.clock.set(at(MINUTE));
    expect(await reconcile(t.app, plan)).toEqual(counts({ unchanged: 3 }));
    expect(events).toEqual([]);
    expect(await rows(t)).toEqual(before);
  });

  it('patches drifted rows still scheduled through the aggregate, and a moved instant re-arms the wake-up', async () => {
    await reconcile(t.app, [
      entry({ sourceKey: 'title' }),
      entry({ sourceKey: 'moved', scheduledAt: at(3 * HOUR) }),
      entry({
        sourceKey: 'window',
        eventAt: at(5 * HOUR),
        rule: 'lead:3600',
        scheduledAt: undefined,
      }),
      entry({ sourceKey: 'same' }),
    ]);
    expect(await wakeUpAt(t)).toBe(at(HOUR));
    // The dispatcher ran and re-armed for the next row: the wake-up is a single keyed row.
    await t.app.dispatch(new DeliverDueNotifications());
    t.clock.set(at(MINUTE));
    const events = recordEvents(t.app);
    const result = await reconcile(t.app, [
      entry({ sourceKey: 'title', title: 'Bins out NOW', message: 'new', url: '/bins' }),
      entry({ sourceKey: 'moved', scheduledAt: at(30 * MINUTE) }),
      entry({
        sourceKey: 'window',
        eventAt: at(6 * HOUR),
        expiresAt: at(7 * HOUR),
        rule: 'lead:3600',
        scheduledAt: undefined,
      }),
      entry({ sourceKey: 'same' }),
    ]);
    expect(result).toEqual(counts({ updated: 3, unchanged: 1 }));
    const byKey = new Map((await rows(t)).map((r) => [r.source_key, r]));
    expect(byKey.get('title')).toMatchObject({
      title: 'Bins out NOW',
      message: 'new',
      url: '/bins',
      updated_at: at(MINUTE),
    });
    expect(byKey.get('moved')).toMatchObject({
      scheduled_at: at(30 * MINUTE),
      due_at: at(30 * MINUTE),
      sort_at: at(30 * MINUTE),
    });
    expect(byKey.get('window')).toMatchObject({
      scheduled_at: at(5 * HOUR),
      event_at: at(6 * HOUR),
      expires_at: at(7 * HOUR),
      source_rule: 'lead:3600',
    });
    expect(byKey.get('same')?.updated_at).toBe(REFERENCE_TIME);
    expect(events.map((e) => e.type)).toEqual([
      'notifications.rescheduled',
      'notifications.rescheduled',
      'notifications.rescheduled',
    ]);
    expect(await wakeUpAt(t)).toBe(at(30 * MINUTE));
  });

  it('never resurrects a canceled row, and leaves sent, missed and failed rows alone', async () => {
    await reconcile(t.app, [
      entry({ sourceKey: 'canceled', scheduledAt: at(2 * HOUR) }),
      entry({ sourceKey: 'sent', scheduledAt: at(MINUTE) }),
      entry({ sourceKey: 'missed', scheduledAt: at(2 * MINUTE), eventAt: at(2 * MINUTE + 1) }),
      entry({ sourceKey: 'failed', scheduledAt: at(2 * HOUR) }),
    ]);
    const ids = new Map((await rows(t)).map((r) => [r.source_key, r.id]));
    await t.app.dispatch(
      Object.assign(new CancelNotification(), { recipientId: 'alice', id: ids.get('canceled') }),
    );
    // `failed` is a webhook outcome; reconcile only makes inbox rows, so settle one by hand.
    await t.db
      .updateTable('notification_deliveries')
      .set({ status: 'failed', due_at: null, last_error: 'push broke', attempts: 3 })
      .where('id', '=', ids.get('failed') ?? '')
      .execute();
    t.clock.set(at(MINUTE));
    expect(await t.app.dispatch(new DeliverDueNotifications())).toMatchObject({ sent: 1 });
    t.clock.set(at(2 * MINUTE + 2));
    expect(await t.app.dispatch(new DeliverDueNotifications())).toMatchObject({ missed: 1 });
    const before = await rows(t);
    expect(before.map((r) => [r.source_key, r.status])).toEqual([
      ['canceled', 'canceled'],
      ['failed', 'failed'],
      ['missed', 'missed'],
      ['sent', 'sent'],
    ]);

    // The producer still plans all four, some moved into the future with new content.
    const events = recordEvents(t.app);
    const result = await reconcile(t.app, [
      entry({ sourceKey: 'canceled', scheduledAt: at(3 * HOUR), title: 'again?' }),
      entry({ sourceKey: 'sent', scheduledAt: at(3 * HOUR) }),
      entry({ sourceKey: 'missed', scheduledAt: at(3 * HOUR), eventAt: at(4 * HOUR) }),
      entry({ sourceKey: 'failed', scheduledAt: at(3 * HOUR) }),
    ]);
    expect(result).toEqual(counts({ unchanged: 4 }));
    expect(await rows(t)).toEqual(before);
    expect(events).toEqual([]);
  });

  it('withdraws future scheduled rows missing from the plan as canceled tombstones (reason withdrawn)', async () => {
    await reconcile(t.app, [
      entry({ sourceKey: 'keep' }),
      entry({ sourceKey: 'gone', scheduledAt: at(2 * HOUR) }),
      entry({ sourceKey: 'due', scheduledAt: at(MINUTE) }),
    ]);
    await reconcile(t.app, [entry({ sourceKey: 'other' })], { sourceApp: 'events' });
    t.clock.set(at(MINUTE)); // `due` is now due: the dispatcher, not reconcile, decides its fate
    const events = recordEvents(t.app);
    expect(await reconcile(t.app, [entry({ sourceKey: 'keep' })])).toEqual(
      counts({ unchanged: 1, withdrawn: 1 }),
    );
    const byKey = new Map((await rows(t)).map((r) => [r.source_key, r]));
    expect(byKey.get('gone')).toMatchObject({
      status: 'canceled',
      due_at: null,
      updated_at: at(MINUTE),
    });
    expect(byKey.get('due')?.status).toBe('scheduled');
    expect(byKey.get('other')?.status).toBe('scheduled');
    const canceled = events as NotificationCanceled[];
    expect(canceled.map((e) => [e.type, e.payload.deliveryId, e.payload.reason])).toEqual([
      ['notifications.canceled', byKey.get('gone')?.id, 'withdrawn'],
    ]);

    // Planned again later (the opt-in turned back on): the withdrawn key is scheduled again.
    expect(
      await reconcile(t.app, [
        entry({ sourceKey: 'keep' }),
        entry({ sourceKey: 'gone', scheduledAt: at(2 * HOUR) }),
      ]),
    ).toEqual(counts({ unchanged: 1, created: 1 }));
    const again = (await rows(t)).filter((r) => r.source_key === 'gone');
    expect(again).toEqual([
      expect.objectContaining({ status: 'scheduled', scheduled_at: at(2 * HOUR) }),
    ]);
    expect(again[0]?.id).not.toBe(byKey.get('gone')?.id);
  });

  it("the full opt-in off/on cycle: withdrawn, planned again, and it goes out at its instant; a person's cancel stays a tombstone", async () => {
    const plan = [
      entry({ sourceKey: 'mine', scheduledAt: at(2 * HOUR) }),
      entry({ sourceKey: 'theirs', scheduledAt: at(2 * HOUR) }),
    ];
    await reconcile(t.app, plan);
    const first = new Map((await rows(t)).map((r) => [r.source_key, r]));
    // The person cancels `mine`; the producer's opt-in goes off (empty plan), then on again.
    await t.app.dispatch(
      Object.assign(new CancelNotification(), { recipientId: 'alice', id: first.get('mine')?.id }),
    );
    expect(await reconcile(t.app, [])).toEqual(counts({ withdrawn: 1 }));
    expect(await reconcile(t.app, plan)).toEqual(counts({ unchanged: 1, created: 1 }));
    expect(await reconcile(t.app, plan)).toEqual(counts({ unchanged: 2 }));
    const byKey = new Map((await rows(t)).map((r) => [r.source_key, r]));
    expect(byKey.get('mine')).toMatchObject({ id: first.get('mine')?.id, status: 'canceled' });
    expect(byKey.get('theirs')).toMatchObject({ status: 'scheduled' });
    t.clock.set(at(2 * HOUR));
    await t.app.dispatch(new DeliverDueNotifications());
    const after = new Map((await rows(t)).map((r) => [r.source_key, r]));
    expect(after.get('theirs')).toMatchObject({ status: 'sent', sent_at: at(2 * HOUR) });
    expect(after.get('mine')?.status).toBe('canceled');
  });

  it('prunes only settled rows of this app whose send instant is older than pruneAfterDays', async () => {
    await reconcile(t.app, [
      entry({ sourceKey: 'old-sent', scheduledAt: at(MINUTE) }),
      entry({ sourceKey: 'recent-sent', scheduledAt: at(5 * DAY) }),
      entry({ sourceKey: 'old-canceled', scheduledAt: at(2 * MINUTE) }),
      entry({ sourceKey: 'old-but-planned', scheduledAt: at(3 * MINUTE) }),
    ]);
    await reconcile(t.app, [entry({ sourceKey: 'old-sent', scheduledAt: at(MINUTE) })], {
      sourceApp: 'events',
    });
    const ids = new Map(
      (await rows(t)).filter((r) => r.source_app === 'home').map((r) => [r.source_key, r.id]),
    );
    await t.app.dispatch(
      Object.assign(new CancelNotification(), {
        recipientId: 'alice',
        id: ids.get('old-canceled'),
      }),
    );
    t.clock.set(at(3 * MINUTE));
    await t.app.dispatch(new DeliverDueNotifications()); // sends old-sent (both apps), old-but-planned
    t.clock.set(at(5 * DAY));
    await t.app.dispatch(new DeliverDueNotifications()); // sends recent-sent

    // pruneBefore = day 1: old-sent and old-canceled (minutes into day 0) go, recent-sent stays.
    const result = await reconcile(
      t.app,
      [entry({ sourceKey: 'old-but-planned', scheduledAt: at(3 * MINUTE) })],
      { pruneAfterDays: 4 },
    );
    expect(result).toEqual(counts({ unchanged: 1, pruned: 2 }));
    expect(
      (await rows(t)).map((r) => `${r.source_app}:${r.source_key}:${r.status}`).sort(),
    ).toEqual(['events:old-sent:sent', 'home:old-but-planned:sent', 'home:recent-sent:sent']);
    // The inbox is the recipient's history: pruning the ledger row leaves it.
    expect(await t.db.selectFrom('notification_inbox').select('id').execute()).toHaveLength(4);
  });

  it('defaults pruneAfterDays to 30 and never prunes a row still scheduled', async () => {
    await reconcile(t.app, [
      entry({ sourceKey: 'sent', scheduledAt: at(MINUTE) }),
      entry({ sourceKey: 'stuck', scheduledAt: at(2 * MINUTE) }),
    ]);
    t.clock.set(at(MINUTE));
    await t.app.dispatch(new DeliverDueNotifications());
    t.clock.set(at(30 * DAY + MINUTE));
    expect(await reconcile(t.app, [])).toEqual(counts({}));
    t.clock.set(at(30 * DAY + MINUTE + 1));
    expect(await reconcile(t.app, [])).toEqual(counts({ pruned: 1 }));
    expect((await rows(t)).map((r) => [r.source_key, r.status])).toEqual([['stuck', 'scheduled']]);
  });

  it('skips entries whose send instant is not in the future (counted unchanged, nothing sent)', async () => {
    const events = recordEvents(t.app);
    const result = await reconcile(t.app, [
      entry({ sourceKey: 'past', scheduledAt: at(-MINUTE) }),
      entry({ sourceKey: 'now', scheduledAt: REFERENCE_TIME }),
      entry({
        sourceKey: 'lead-past',
        eventAt: at(5 * MINUTE),
        rule: 'lead:600',
        scheduledAt: undefined,
      }),
      entry({ sourceKey: 'future', scheduledAt: at(1) }),
    ]);
    expect(result).toEqual(counts({ created: 1, unchanged: 3 }));
    expect((await rows(t)).map((r) => r.source_key)).toEqual(['future']);
    expect(await t.db.selectFrom('notification_inbox').select('id').execute()).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(['notifications.scheduled']);
  });

  it('keys rows by (recipient, source key, rule): two rules for one key coexist, duplicates are refused', async () => {
    const lead = { eventAt: at(5 * HOUR), expiresAt: at(6 * HOUR), scheduledAt: undefined };
    const result = await reconcile(t.app, [
      entry({ ...lead, rule: 'lead:3600' }),
      entry({ ...lead, rule: 'lead:0@expiry' }),
      entry({ scheduledAt: at(HOUR) }),
      entry({ ...lead, rule: 'lead:3600', recipientId: 'bob' }),
    ]);
    expect(result).toEqual(counts({ created: 4 }));
    const stored = await t.db
      .selectFrom('notification_deliveries')
      .select(['recipient_id', 'source_rule', 'scheduled_at'])
      .orderBy('recipient_id')
      .orderBy('scheduled_at')
      .execute();
    expect(stored).toEqual([
      { recipient_id: 'alice', source_rule: null, scheduled_at: at(HOUR) },
      { recipient_id: 'alice', source_rule: 'lead:3600', scheduled_at: at(4 * HOUR) },
      { recipient_id: 'alice', source_rule: 'lead:0@expiry', scheduled_at: at(6 * HOUR) },
      { recipient_id: 'bob', source_rule: 'lead:3600', scheduled_at: at(4 * HOUR) },
    ]);
    expect(
      await validationPaths(
        reconcile(t.app, [
          entry({ ...lead, rule: 'lead:60' }),
          entry({ sourceKey: 'x' }),
          entry({ ...lead, rule: 'lead:60', title: 'again' }),
        ]),
      ),
    ).toEqual(['planned.2.sourceKey']);
    // The database enforces the key too, whatever writes it.
    const aliceLead = () =>
      t.db
        .selectFrom('notification_deliveries')
        .select('id')
        .where('recipient_id', '=', 'alice')
        .where('source_rule', '=', 'lead:3600')
        .execute();
    expect(await aliceLead()).toHaveLength(1);
    const duplicate =
      await sql`insert into notification_deliveries (id, recipient_id, status, created_at, updated_at, sort_at, source_app, source_key, source_rule)
          select 'dup', recipient_id, 'canceled', created_at, updated_at, sort_at, source_app, source_key, source_rule
          from notification_deliveries where source_rule = 'lead:3600' and recipient_id = 'alice'`
        .execute(t.db)
        .then(
          (r) => `inserted ${String(r.numAffectedRows)}`,
          (e: unknown) => String(e),
        );
    expect(duplicate).toMatch(
      /UNIQUE constraint failed|duplicate key value violates unique constraint/,
    );
    expect(await aliceLead()).toHaveLength(1);
  });

  it('fans one entry out to one row per recipient', async () => {
    const planned = fanOut(entry({ sourceKey: 'bins' }), ['alice', 'bob', 'carol', 'bob']);
    expect(planned.map((p) => p.recipientId)).toEqual(['alice', 'bob', 'carol']);
    expect(await reconcile(t.app, planned)).toEqual(counts({ created: 3 }));
    expect(
      await reconcile(t.app, fanOut(entry({ sourceKey: 'bins' }), ['alice', 'carol'])),
    ).toEqual(counts({ unchanged: 2, withdrawn: 1 }));
    expect((await rows(t)).map((r) => [r.recipient_id, r.status]).sort()).toEqual([
      ['alice', 'scheduled'],
      ['bob', 'canceled'],
      ['carol', 'scheduled'],
    ]);
  });

  it('sends a lead:600 reminder for a 10:00 event at exactly 09:50:00.000 through the wake-up', async () => {
    const started = await createNotificationsTestApp({ at: '2026-09-10T09:00:00.000Z' });
    try {
      await started.clock.advance(0);
      const sent: DomainEvent[] = [];
      started.app.events.subscribe('notifications.sent', (e) => sent.push(e));
      await reconcile(started.app, [
        entry({ eventAt: '2026-09-10T10:00:00Z', rule: 'lead:600', scheduledAt: undefined }),
      ]);
      await started.clock.advance(
        Date.parse('2026-09-10T09:49:59.999Z') - started.clock.now().getTime(),
      );
      expect(sent).toHaveLength(0);
      await started.clock.advance(1);
      expect(sent.map((e) => (e.payload as { sentAt: string }).sentAt)).toEqual([
        '2026-09-10T09:50:00.000Z',
      ]);
      const [row] = await rows(started);
      expect(row).toMatchObject({
        status: 'sent',
        sent_at: '2026-09-10T09:50:00.000Z',
        event_at: '2026-09-10T10:00:00.000Z',
      });
    } finally {
      await started.app.stop();
    }
  });

  it('settles a reconciled reminder as missed (event-started) when the dispatcher runs after the event began', async () => {
    await reconcile(t.app, [
      entry({ eventAt: '2026-09-10T10:00:00Z', rule: 'lead:600', scheduledAt: undefined }),
      entry({
        sourceKey: 'window',
        eventAt: '2026-09-10T09:00:00Z',
        expiresAt: '2026-09-10T09:59:00Z',
        rule: 'lead:0@expiry',
        scheduledAt: undefined,
      }),
    ]);
    t.clock.set('2026-09-10T10:00:00.001Z');
    expect(await t.app.dispatch(new DeliverDueNotifications())).toEqual({
      sent: 1,
      missed: 1,
      failed: 0,
      dispatched: 0,
    });
    const byKey = new Map((await rows(t)).map((r) => [r.source_key, r]));
    expect(byKey.get('bins:2026-09-10')).toMatchObject({
      status: 'missed',
      missed_reason: 'event-started',
    });
    // lead:0@expiry is meant for the expiry itself: 60 s late is within grace, so it is sent.
    expect(byKey.get('window')?.status).toBe('sent');
  });

  it('rejects bad combinations naming planned.<i>.<field>', async () => {
    const paths = await validationPaths(
      reconcile(t.app, [
        entry(), // fine
        entry({ scheduledAt: undefined }), // neither
        entry({ rule: 'lead:60', eventAt: at(HOUR) }), // both
        entry({ scheduledAt: undefined, rule: 'lead:60' }), // no eventAt
        entry({ scheduledAt: undefined, rule: 'lead:60@expiry', eventAt: at(HOUR) }), // no expiresAt
        entry({ scheduledAt: undefined, rule: 'lead:1h', eventAt: at(HOUR) }), // bad rule
        entry({ scheduledAt: 'tomorrow' }),
        entry({ eventAt: at(2 * HOUR), expiresAt: at(HOUR) }), // window ends before it starts
        entry({ recipientId: 'a b', sourceKey: '' }),
      ]),
    );
    expect(paths).toEqual(
      [
        'planned.1.scheduledAt',
        'planned.2.rule',
        'planned.3.eventAt',
        'planned.4.expiresAt',
        'planned.5.rule',
        'planned.6.scheduledAt',
        'planned.7.expiresAt',
        'planned.8.sourceKey',
        'planned.8.recipientId',
      ].sort(),
    );
    expect(await rows(t)).toEqual([]);
  });

  it('accepts exactly the body POST /v1/reconcile dispatches', async () => {
    const body = {
      sourceApp: 'events',
      pruneAfterDays: 7,
      planned: [
        {
          recipientId: 'alice',
          sourceKey: 'e1',
          title: 't',
          message: 'm',
          eventAt: at(5 * HOUR),
          rule: 'lead:3600',
        },
        {
          recipientId: 'bob',
          sourceKey: 'e1',
          title: 't',
          message: 'm',
          url: '/e/1',
          scheduledAt: at(HOUR),
          expiresAt: at(2 * HOUR),
          sourceCollection: 'events',
          sourceId: '1',
        },
      ],
    };
    expect(await t.app.bus.dispatchPlain(ReconcileScheduled.type, body)).toEqual(
      counts({ created: 2 }),
    );
    const paths = await validationPaths(
      t.app.bus.dispatchPlain(ReconcileScheduled.type, {
        ...body,
        planned: [{ ...body.planned[0], extra: 1 }],
        pruneAfterDays: -1,
      }),
    );
    expect(paths).toEqual(['planned.0.extra', 'pruneAfterDays']);
  });

  it('reads the app rows through the source index (it leads with source_app), not a table scan', async () => {
    if (testBackend() === 'postgres') {
      const query = CompiledQuery.raw(
        'select * from notification_deliveries where source_app = $1',
        ['home'],
      );
      expect(await explainOnPostgres(t.app.database, query)).toMatch(
        /notification_deliveries_source\b/,
      );
      return;
    }
    const plan = await sql<{ detail: string }>`explain query plan
      select * from notification_deliveries where source_app = ${'home'}`.execute(t.db);
    expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(
      /USING INDEX notification_deliveries_source\b/,
    );
  });

  it('reconciles thousands of entries in one call: create, then unchanged, then 10 % drift and 10 % removed', async () => {
    const N = 3000;
    const plan = Array.from({ length: N }, (_, i) =>
      entry({ recipientId: `u${i % 300}`, sourceKey: `k${i}`, scheduledAt: at(HOUR + i * 1000) }),
    );
    expect(await reconcile(t.app, plan)).toEqual(counts({ created: N }));
    expect(await reconcile(t.app, plan)).toEqual(counts({ unchanged: N }));
    const next = plan
      .filter((_, i) => i % 10 !== 1)
      .map((p, i) => (i % 9 === 0 ? { ...p, title: `${p.title}!` } : p));
    expect(await reconcile(t.app, next)).toEqual(
      counts({ updated: N / 10, unchanged: N - N / 10 - N / 10, withdrawn: N / 10 }),
    );
    const byStatus = await t.db
      .selectFrom('notification_deliveries')
      .select(['status', sql<number>`count(*)`.as('n')])
      .groupBy('status')
      .orderBy('status')
      .execute();
    expect(byStatus).toEqual([
      { status: 'canceled', n: N / 10 },
      { status: 'scheduled', n: N - N / 10 },
    ]);
    expect(
      await t.db
        .selectFrom('notification_bodies')
        .select('id')
        .where('title', '=', 'Bins out tonight!')
        .execute(),
    ).toHaveLength(N / 10);
  });
});
