import { type InboxItem } from '../ports/inbox.repository';
import { InMemoryInboxRepository, NO_DATABASE } from '../../../testing';
import { ListInbox } from './list-inbox.command';
import { ListInboxHandler } from './list-inbox.handler';

function item(id: string, minute: number, fields: Partial<InboxItem> = {}): InboxItem {
  return {
    id,
    recipientId: 'alice',
    notificationId: id,
    title: id,
    message: '',
    url: null,
    createdAt: `2026-09-10T08:${String(minute).padStart(2, '0')}:00.000Z`,
    readAt: null,
    ...fields,
  };
}

async function setup() {
  const inbox = new InMemoryInboxRepository();
  await inbox.insertMany(null, [
    item('a', 1),
    item('b', 2, { readAt: '2026-09-10T09:00:00.000Z' }),
    item('c', 3),
    item('bob-1', 4, { recipientId: 'bob' }),
  ]);
  const handler = new ListInboxHandler(NO_DATABASE, inbox);
  return (fields: Partial<ListInbox> = {}) =>
    handler.execute(Object.assign(new ListInbox(), { recipientId: 'alice', ...fields }));
}

describe('ListInboxHandler', () => {
  it('lists the recipient’s inbox newest first, as views naming the recipient', async () => {
    const list = await setup();
    const page = await list();
    expect(page.items.map((i) => i.id)).toEqual(['c', 'b', 'a']);
    expect(page.items[0]).toMatchObject({ recipientId: 'alice', notificationId: 'c' });
    expect(page.nextCursor).toBeNull();
  });

  it('pages with its cursor and can leave read items out', async () => {
    const list = await setup();
    const first = await list({ limit: 2 });
    expect(first.items.map((i) => i.id)).toEqual(['c', 'b']);
    const rest = await list({ limit: 2, cursor: first.nextCursor ?? '' });
    expect(rest.items.map((i) => i.id)).toEqual(['a']);
    expect((await list({ unreadOnly: true })).items.map((i) => i.id)).toEqual(['c', 'a']);
  });
});
