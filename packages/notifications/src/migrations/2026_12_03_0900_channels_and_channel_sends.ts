// Over 300 lines: one migration moves three tables to the channel seam at once (issue 12), and a
// frozen migration may not share code with the application.
import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * What an old raw error text in `column` becomes: the generic class the owner may see (the raw
 * text could tell a closed port from a timeout).
 */
function errorClassOf(column: string) {
  return sql.raw(`case
  when ${column} is null then null
  when ${column} like 'HTTP 5%' then 'http-5xx'
  when ${column} like 'HTTP 4%' then 'http-4xx'
  when ${column} like 'no webhook registered%' then 'no-target'
  when ${column} like 'abandoned%' then 'abandoned'
  when lower(${column}) like '%timeout%' or lower(${column}) like '%abort%' then 'timeout'
  else 'unreachable' end`);
}

/** {@link errorClassOf} for one value read into JavaScript. */
function errorClass(text: string | null): string | null {
  if (text === null) {
    return null;
  }
  const lower = text.toLowerCase();
  if (text.startsWith('HTTP 5')) {
    return 'http-5xx';
  }
  if (text.startsWith('HTTP 4')) {
    return 'http-4xx';
  }
  return lower.includes('timeout') || lower.includes('abort') ? 'timeout' : 'unreachable';
}

/** Old webhook rows that were already tried and still live: their send continues. */
const IN_FLIGHT = sql`channel = 'webhook' and status in ('scheduled', 'sending') and attempts > 0`;

/** The recipient has a webhook subscription (the old table, still in place). */
const HAS_WEBHOOK = sql`exists (select 1 from notification_subscriptions s where s.recipient_id = notification_deliveries.recipient_id and s.kind = 'webhook')`;

interface OldSubscription {
  id: string;
  recipient_id: string;
  url: string;
  secret: string;
  created_at: string;
}

interface OldInFlight {
  id: string;
  recipient_id: string;
  status: string;
  attempts: number;
  last_error: string | null;
  due_at: string | null;
  scheduled_at: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * The channel seam (issue 12): `channel` → `channels` (a JSON array, null = the default set)
 * with no CHECK on the kinds; deliveries lose their claim columns (external channels are
 * claimed per send now, in `notification_channel_sends`); subscriptions keep a kind-specific
 * JSON `target`, a guarantee, a default flag, and pause/deactivation state. SQLite cannot drop
 * a CHECK constraint, so both tables are rebuilt (the same statements on PostgreSQL).
 *
 * Data: `channel` 'inbox' → `["inbox"]`, 'webhook' → `["webhook"]` (exactly what was asked
 * then); webhook rows already tried and still live become `sending` with a `pending` channel
 * send carrying their attempts, due at once (at-least-once: the old process is gone), or
 * `failed` (`no-target`) when the recipient has no webhook any more; settled webhook rows get a
 * channel send carrying their outcome, so the per-channel view is complete. Old webhook deliveries
 * used their own id as idempotency key: the carried sends keep it as theirs. Raw error texts
 * become generic classes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows: subscriptions } = await sql<OldSubscription>`
    select id, recipient_id, url, secret, created_at from notification_subscriptions`.execute(db);
  const webhookOf = new Map(subscriptions.map((s) => [s.recipient_id, s]));

  await createChannelSends(db);
  await carryInFlightWebhooks(db, webhookOf);
  await sql`insert into notification_channel_sends
      (id, delivery_id, recipient_id, channel, subscription_id, endpoint, status, attempts,
       last_error, due_at, lease_token, claimed_by, guarantee, sent_at, created_at, updated_at)
    select d.id, d.id, d.recipient_id, 'webhook',
      (select s.id from notification_subscriptions s where s.recipient_id = d.recipient_id and s.kind = 'webhook'),
      '', d.status, d.attempts, ${errorClassOf('d.last_error')}, null, null, null,
      'at-least-once', d.sent_at, d.created_at, d.updated_at
    from notification_deliveries d
    where d.channel = 'webhook' and d.status in ('sent', 'failed') and d.attempts > 0`.execute(db);

  await rebuildDeliveries(db);
  await rebuildSubscriptions(db, subscriptions);
}

async function createChannelSends(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_channel_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('recipient_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('subscription_id', 'text')
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('due_at', 'text')
    .addColumn('lease_token', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('guarantee', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'notification_channel_sends_status',
      sql`status in ('pending', 'sending', 'sent', 'failed')`,
    )
    .addCheckConstraint(
      'notification_channel_sends_guarantee',
      sql`guarantee in ('at-least-once', 'at-most-once')`,
    )
    .addCheckConstraint(
      'notification_channel_sends_live_due',
      sql`(status in ('pending', 'sending')) = (due_at is not null)`,
    )
    .execute();
  // The send loop's read: live sends in due order (pending: next attempt; sending: lease expiry).
  await sql`create index notification_channel_sends_live_due_at on notification_channel_sends (due_at) where status in ('pending', 'sending')`.execute(
    db,
  );
  await sql`create index notification_channel_sends_delivery on notification_channel_sends (delivery_id)`.execute(
    db,
  );
  // "Which instances hold claims" reads only the few `sending` rows (ADR 0004).
  await sql`create index notification_channel_sends_sending_claimed_by on notification_channel_sends (claimed_by) where status = 'sending'`.execute(
    db,
  );
}

/** Tried, still-live webhook rows: a pending send each (their attempts carried), due at once. */
async function carryInFlightWebhooks(
  db: Kysely<unknown>,
  webhookOf: ReadonlyMap<string, OldSubscription>,
): Promise<void> {
  const { rows } = await sql<OldInFlight>`
    select id, recipient_id, status, attempts, last_error, due_at, scheduled_at, created_at, updated_at
    from notification_deliveries where ${IN_FLIGHT}`.execute(db);
  for (const row of rows) {
    const subscription = webhookOf.get(row.recipient_id);
    if (!subscription) {
      continue;
    }
    // A retry waits for its instant; a claim the old process held is due at its own instant.
    const dueAt =
      row.status === 'scheduled' && row.due_at !== null
        ? row.due_at
        : (row.scheduled_at ?? row.created_at);
    await sql`insert into notification_channel_sends
        (id, delivery_id, recipient_id, channel, subscription_id, endpoint, status, attempts,
         last_error, due_at, lease_token, claimed_by, guarantee, sent_at, created_at, updated_at)
      values (${row.id}, ${row.id}, ${row.recipient_id}, 'webhook', ${subscription.id},
        ${new URL(subscription.url).origin}, 'pending', ${Number(row.attempts)},
        ${errorClass(row.last_error)}, ${dueAt}, null, null, 'at-least-once', null,
        ${row.created_at}, ${row.updated_at})`.execute(db);
  }
}

async function rebuildDeliveries(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_deliveries_v2')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient_id', 'text', (c) => c.notNull())
    .addColumn('channels', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('scheduled_at', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('inbox_id', 'text')
    .addColumn('source_app', 'text')
    .addColumn('source_key', 'text')
    .addColumn('source_collection', 'text')
    .addColumn('source_id', 'text')
    .addColumn('source_rule', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('event_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('missed_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text')
    .addColumn('sort_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'notification_deliveries_status',
      sql`status in ('scheduled', 'sending', 'sent', 'canceled', 'missed', 'failed')`,
    )
    // Only a scheduled row waits for the dispatcher; `sending` waits for its channel sends.
    .addCheckConstraint(
      'notification_deliveries_scheduled_due',
      sql`(status = 'scheduled') = (due_at is not null)`,
    )
    .execute();
  await sql`insert into notification_deliveries_v2
      (id, recipient_id, channels, title, message, url, scheduled_at, status, attempts, last_error,
       sent_at, inbox_id, source_app, source_key, source_collection, source_id, source_rule,
       idempotency_key, event_at, expires_at, missed_reason, created_at, updated_at, due_at, sort_at)
    select id, recipient_id,
      case when channel = 'inbox' then '["inbox"]' else '["webhook"]' end,
      title, message, url, scheduled_at,
      case when ${IN_FLIGHT} then (case when ${HAS_WEBHOOK} then 'sending' else 'failed' end)
        else status end,
      attempts,
      case when ${IN_FLIGHT} and not ${HAS_WEBHOOK} then 'no-target'
        when channel = 'webhook' then ${errorClassOf('last_error')} else last_error end,
      sent_at, inbox_id, source_app, source_key, source_collection, source_id, source_rule,
      idempotency_key, event_at, expires_at, missed_reason, created_at, updated_at,
      case when ${IN_FLIGHT} then null else due_at end,
      sort_at
    from notification_deliveries`.execute(db);
  await sql`drop table notification_deliveries`.execute(db);
  await sql`alter table notification_deliveries_v2 rename to notification_deliveries`.execute(db);
  // The dispatcher's only read path: scheduled rows in due order.
  await sql`create index notification_deliveries_scheduled_due_at on notification_deliveries (due_at) where status = 'scheduled'`.execute(
    db,
  );
  await sql`create unique index notification_deliveries_idempotency on notification_deliveries (recipient_id, idempotency_key) where idempotency_key is not null`.execute(
    db,
  );
  await sql`create unique index notification_deliveries_source on notification_deliveries (recipient_id, source_app, source_key, coalesce(source_rule, '')) where source_app is not null`.execute(
    db,
  );
  await sql`create index notification_deliveries_recipient_sort on notification_deliveries (recipient_id, sort_at, id)`.execute(
    db,
  );
  await sql`create index notification_deliveries_source_app on notification_deliveries (source_app) where source_app is not null`.execute(
    db,
  );
}

async function rebuildSubscriptions(
  db: Kysely<unknown>,
  subscriptions: readonly OldSubscription[],
): Promise<void> {
  await sql`drop table notification_subscriptions`.execute(db);
  await db.schema
    .createTable('notification_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_key', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('guarantee', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('deactivated_at', 'text')
    .addColumn('deactivated_reason', 'text')
    .addColumn('paused_at', 'text')
    .addColumn('paused_reason', 'text')
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'notification_subscriptions_guarantee',
      sql`guarantee in ('at-least-once', 'at-most-once')`,
    )
    .execute();
  await sql`create unique index notification_subscriptions_target on notification_subscriptions (recipient_id, kind, target_key)`.execute(
    db,
  );
  for (const s of subscriptions) {
    const target = JSON.stringify({ url: s.url, secrets: [{ secret: s.secret, until: null }] });
    await sql`insert into notification_subscriptions
        (id, recipient_id, kind, target_key, target, guarantee, is_default, active,
         deactivated_at, deactivated_reason, paused_at, paused_reason, consecutive_failures,
         created_at, updated_at)
      values (${s.id}, ${s.recipient_id}, 'webhook', 'webhook', ${target}, 'at-least-once', 0, 1,
        null, null, null, null, 0, ${s.created_at}, ${s.created_at})`.execute(db);
  }
}

/** Not reversible: the old schema cannot hold several channels per notification. */
export function down(): Promise<void> {
  return Promise.reject(new Error('2026_12_03_0900_channels_and_channel_sends cannot be reverted'));
}
