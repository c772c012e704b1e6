import { ManualClock } from '@tickler/core';
import { REFERENCE_TIME } from '@tickler/core/testing';
import {
  FakeUnitOfWork,
  InMemoryDeliveryRepository,
  RecordingWakeUp,
  recurringSeriesOf,
  storeDelivery,
} from '../../../testing';
import { RescheduleNotification } from './reschedule-notification.command';
import { RescheduleNotificationHandler } from './reschedule-notification.handler';
import { CancelNotificationHandler } from '../cancel-notification/cancel-notification.handler';

function setup() {
  const uow = new FakeUnitOfWork();
  const deliveries = new InMemoryDeliveryRepository();
  const wakeUp = new RecordingWakeUp();
  const clock = new ManualClock(REFERENCE_TIME);
  const series = recurringSeriesOf(deliveries, wakeUp);
  const handler = new RescheduleNotificationHandler(
    uow,
    clock,
    deliveries,
    wakeUp,
    series,
    new CancelNotificationHandler(uow, clock, deliveries, series),
  );
  const edit = (id: string, fields: Partial<RescheduleNotification>) =>
    handler.execute(
      Object.assign(new RescheduleNotification(), { recipientId: 'alice', id, ...fields }),
    );
  return { uow, deliveries, wakeUp, edit };
}

describe('RescheduleNotificationHandler', () => {
  it('moves the send instant (normalised to UTC), pulls the wake-up to it and announces the edit', async () => {
    const { uow, deliveries, wakeUp, edit } = setup();
    const { id } = await storeDelivery(deliveries);
    const view = await edit(id, { scheduledAt: '2026-09-10T11:00:00+02:00', title: 'Moved' });
    expect(view).toMatchObject({ scheduledAt: '2026-09-10T09:00:00.000Z', title: 'Moved' });
    expect(deliveries.rows.get(id)).toMatchObject({ dueAt: '2026-09-10T09:00:00.000Z' });
    expect(wakeUp.calls).toEqual(['2026-09-10T09:00:00.000Z']);
    expect(uow.published.map((e) => e.type)).toEqual(['notifications.rescheduled']);
  });

  it('edits content alone without moving the wake-up; an empty url clears it', async () => {
    const { deliveries, wakeUp, edit } = setup();
    const { id } = await storeDelivery(deliveries, { url: '/old' });
    await expect(edit(id, { message: 'new text', url: '' })).resolves.toMatchObject({
      message: 'new text',
      url: null,
    });
    expect(wakeUp.calls).toEqual([]);
  });

  it('refuses to edit a settled delivery and leaves it as it was', async () => {
    const { uow, deliveries, edit } = setup();
    const { id } = await storeDelivery(deliveries, { scheduledAt: null });
    await expect(edit(id, { title: 'late' })).rejects.toMatchObject({
      code: 'NOTIFICATIONS.ALREADY_SENT',
    });
    expect(deliveries.rows.get(id)?.title).toBe('Bins out');
    expect(uow.published).toEqual([]);
  });

  it('cancels on status "canceled" (seed 001 §5.1) and refuses an edit sent with it', async () => {
    const { deliveries, edit } = setup();
    const { id } = await storeDelivery(deliveries);
    await expect(edit(id, { status: 'canceled', title: 'x' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    expect(deliveries.rows.get(id)).toMatchObject({ status: 'scheduled' });
    await expect(edit(id, { status: 'canceled' })).resolves.toMatchObject({ status: 'canceled' });
    expect(deliveries.rows.get(id)).toMatchObject({ status: 'canceled' });
  });
});
