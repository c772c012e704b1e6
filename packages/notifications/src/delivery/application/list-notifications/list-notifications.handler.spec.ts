import {
  InMemoryChannelSendRepository,
  InMemoryDeliveryRepository,
  NO_DATABASE,
  recurringSeriesOf,
  storeDelivery,
} from '../../../testing';
import { ListNotifications } from './list-notifications.command';
import { ListNotificationsHandler } from './list-notifications.handler';

const at = (hour: number): string => `2026-09-10T${String(hour).padStart(2, '0')}:00:00.000Z`;

async function setup() {
  const deliveries = new InMemoryDeliveryRepository();
  for (const hour of [12, 10, 11]) {
    await storeDelivery(deliveries, { scheduledAt: at(hour), title: `at ${hour}` });
  }
  await storeDelivery(deliveries, { recipientId: 'bob', scheduledAt: at(9) });
  const canceled = await storeDelivery(deliveries, { scheduledAt: at(13), title: 'at 13' });
  canceled.cancel(at(8));
  await deliveries.save(null, canceled, { status: 'scheduled' });
  const handler = new ListNotificationsHandler(
    NO_DATABASE,
    deliveries,
    new InMemoryChannelSendRepository(),
    recurringSeriesOf(deliveries),
  );
  const list = (fields: Partial<ListNotifications> = {}) =>
    handler.execute(Object.assign(new ListNotifications(), { recipientId: 'alice', ...fields }));
  return { list };
}

describe('ListNotificationsHandler', () => {
  it('lists only the recipient’s deliveries, by send instant', async () => {
    const { list } = await setup();
    const page = await list();
    expect(page.items.map((v) => v.title)).toEqual(['at 10', 'at 11', 'at 12', 'at 13']);
    expect(page.nextCursor).toBeNull();
  });

  it('pages with the cursor it returns, without gaps or repeats', async () => {
    const { list } = await setup();
    const first = await list({ limit: 3 });
    expect(first.items.map((v) => v.title)).toEqual(['at 10', 'at 11', 'at 12']);
    expect(first.nextCursor).not.toBeNull();
    const rest = await list({ limit: 3, cursor: first.nextCursor ?? '' });
    expect(rest.items.map((v) => v.title)).toEqual(['at 13']);
    expect(rest.nextCursor).toBeNull();
  });

  it('filters by status and refuses a cursor it did not make', async () => {
    const { list } = await setup();
    const canceled = await list({ status: 'canceled' });
    expect(canceled.items.map((v) => [v.title, v.status])).toEqual([['at 13', 'canceled']]);
    await expect(list({ cursor: 'not-a-cursor' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });

  it('keeps only deliveries at or after `since` (any offset), and pages within it', async () => {
    const { list } = await setup();
    const since = await list({ since: '2026-09-10T13:00:00+02:00' });
    expect(since.items.map((v) => v.title)).toEqual(['at 11', 'at 12', 'at 13']);
    const first = await list({ since: '2026-09-10T11:00:00Z', limit: 1 });
    const rest = await list({ since: '2026-09-10T11:00:00Z', cursor: first.nextCursor ?? '' });
    expect([...first.items, ...rest.items].map((v) => v.title)).toEqual([
      'at 11',
      'at 12',
      'at 13',
    ]);
  });
});
