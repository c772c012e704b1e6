import { type CoreTables, DeliverEvents, type DomainEvent, tablesOf } from '@tickler/core';
import { REFERENCE_TIME } from '@tickler/core/testing';
import { createNotificationsTestApp, send } from '../../testing';
import { NotificationSentEvent } from '../domain/notification-sent.event';
import { NotificationDeliveryLogProjector } from './notification-delivery-log.projector';

const SUBSCRIBER = NotificationDeliveryLogProjector.subscriberName;

function sentEvent(deliveryId: string): DomainEvent {
  return NotificationSentEvent.create(
    {
      deliveryId,
      inboxId: `inbox-${deliveryId}`,
      recipientId: 'alice',
      channel: 'inbox',
      title: 'Earlier release',
      message: '',
      url: null,
      // Within the retention window: the pruner, which runs at start, would take an older row.
      sentAt: REFERENCE_TIME,
      scheduledAt: null,
    },
    REFERENCE_TIME,
  );
}

describe('the delivery log on the real store', () => {
  it('is written in the sending transaction: no queue row or event row is left to project it', async () => {
    const t = await createNotificationsTestApp({ start: false });
    try {
      const { delivery } = await send(t.app, { recipientId: 'alice', title: 'now' });
      const log = await t.db
        .selectFrom('notification_delivery_log')
        .select(['delivery_id', 'recipient_id', 'channel', 'event_id'])
        .execute();
      expect(log).toEqual([
        {
          delivery_id: delivery.id,
          recipient_id: 'alice',
          channel: 'inbox',
          event_id: `${delivery.id}:sent`,
        },
      ]);
      const core = tablesOf<CoreTables>(t.app.database.kysely);
      const queued = await core
        .selectFrom('shared_scheduled_commands')
        .select('command_type')
        .where('command_type', '=', DeliverEvents.type)
        .execute();
      expect(queued).toEqual([]);
      await expect(core.selectFrom('shared_event_rows').selectAll().execute()).resolves.toEqual([]);
    } finally {
      await t.app.stop();
    }
  });

  it('projects, exactly once, the queue rows an earlier release left under its projector’s name (event rows and carried events)', async () => {
    const t = await createNotificationsTestApp({ start: false });
    try {
      const core = tablesOf<CoreTables>(t.app.database.kysely);
      await t.app.uow.run(async (tx) => {
        await tablesOf<CoreTables>(tx.db)
          .insertInto('shared_event_rows')
          .values([{ batch_id: 'b1', seq: 0, event: JSON.stringify(sentEvent('d1')) }])
          .execute();
        await t.app.queue.enqueue(
          { type: DeliverEvents.type, payload: { subscriber: SUBSCRIBER, batch: 'b1' } },
          {},
          tx,
        );
        await t.app.queue.enqueue(
          {
            type: DeliverEvents.type,
            payload: { subscriber: SUBSCRIBER, eventsJson: JSON.stringify([sentEvent('d2')]) },
          },
          {},
          tx,
        );
        // A redelivered carried row: the ledger keeps it from being logged twice.
        await t.app.queue.enqueue(
          {
            type: DeliverEvents.type,
            payload: { subscriber: SUBSCRIBER, eventsJson: JSON.stringify([sentEvent('d2')]) },
          },
          {},
          tx,
        );
      });
      t.app.start();
      await t.clock.advance(0);
      await t.app.queue.idle();
      const log = await t.db
        .selectFrom('notification_delivery_log')
        .select(['delivery_id', 'inbox_id'])
        .orderBy('delivery_id')
        .execute();
      expect(log).toEqual([
        { delivery_id: 'd1', inbox_id: 'inbox-d1' },
        { delivery_id: 'd2', inbox_id: 'inbox-d2' },
      ]);
      await expect(
        core.selectFrom('shared_scheduled_commands').select('status').execute(),
      ).resolves.not.toContainEqual({ status: 'failed' });
      await expect(core.selectFrom('shared_event_rows').selectAll().execute()).resolves.toEqual([]);
    } finally {
      await t.app.stop();
    }
  });
});
