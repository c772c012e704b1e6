import { queryDaemonDatabase } from '@tickler/testing';
import { type Seeded } from './seed-deliveries';
import { type Violations } from './scenario-result';
import { receivedById, type ReceivedWebhook } from './webhook-receiver';

/** The figures of the "each delivered exactly/at least once, none lost" checks. */
export interface DeliveryFigures {
  rowsChecked: number;
  byStatus: Record<string, number>;
  inboxDuplicates: number;
  webhookDuplicates: number;
  lost: number;
}

/**
 * Checks, directly in the daemon's database (the SQLite file, or on PostgreSQL runs the schema
 * standing for it): every seeded delivery is `sent` (none lost, none left
 * live); exactly one inbox row per sent inbox delivery and none for webhooks; every webhook
 * delivery received at least once, duplicates only with the same idempotency key (`webhook-id`
 * = `Idempotency-Key`, one per notification, and only ids of webhook deliveries).
 */
export async function checkDeliveries(
  file: string,
  seeded: Seeded,
  received: readonly ReceivedWebhook[],
  v: Violations,
): Promise<DeliveryFigures> {
  const rows = await queryDaemonDatabase<{ id: string; status: string }>(
    file,
    'select id, status from notification_deliveries',
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byStatus: Record<string, number> = {};
  rows.forEach((r) => (byStatus[r.status] = (byStatus[r.status] ?? 0) + 1));
  const inbox = new Map(
    (
      await queryDaemonDatabase<{ notification_id: string; n: number }>(
        file,
        'select notification_id, count(*) as n from notification_inbox group by notification_id',
      )
    ).map((r) => [r.notification_id, r.n]),
  );
  let lost = 0;
  let inboxDuplicates = 0;
  for (const id of seeded.inbox) {
    const row = byId.get(id);
    const n = inbox.get(id) ?? 0;
    if (row?.status !== 'sent') {
      lost++;
    }
    inboxDuplicates += Math.max(0, n - 1);
    v.check(
      row?.status === 'sent' && n === 1,
      () => `inbox delivery ${id}: status ${row?.status}, ${n} inbox rows (want sent, 1)`,
    );
  }
  const hits = receivedById(received);
  const webhookIds = new Set(seeded.webhook);
  for (const id of seeded.webhook) {
    const row = byId.get(id);
    const n = hits.get(id) ?? 0;
    if (row?.status !== 'sent' || n === 0) {
      lost++;
    }
    v.check(
      row?.status === 'sent' && n >= 1 && !inbox.has(id),
      () =>
        `webhook delivery ${id}: status ${row?.status}, received ${n} times, inbox row ${inbox.has(id)}`,
    );
  }
  const keyOf = new Map<string, string>();
  for (const r of received) {
    const key = keyOf.get(r.deliveryId) ?? r.sendId;
    keyOf.set(r.deliveryId, key);
    v.check(
      webhookIds.has(r.deliveryId) &&
        r.sendId !== '' &&
        r.sendId === key &&
        r.idempotencyKey === key,
      () =>
        `received notification ${r.deliveryId} with webhook-id ${r.sendId} and Idempotency-Key ${r.idempotencyKey} (want one key per notification)`,
    );
  }
  return {
    rowsChecked: rows.length,
    byStatus,
    inboxDuplicates,
    webhookDuplicates: received.length - hits.size,
    lost,
  };
}

/** Live (scheduled, or sending: waiting for its channel sends) deliveries in the database. */
export async function liveCount(file: string): Promise<number> {
  const rows = await queryDaemonDatabase<{ n: number }>(
    file,
    "select count(*) as n from notification_deliveries where status in ('scheduled', 'sending')",
  );
  return rows[0]?.n ?? 0;
}
