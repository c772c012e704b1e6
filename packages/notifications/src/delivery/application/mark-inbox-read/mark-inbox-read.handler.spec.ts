import { ManualClock } from '@tickler/core';
import { REFERENCE_TIME } from '@tickler/core/testing';
import { FakeUnitOfWork, InMemoryInboxRepository } from '../../../testing';
import { MarkInboxRead } from './mark-inbox-read.command';
import { MarkInboxReadHandler } from './mark-inbox-read.handler';

async function setup() {
  const clock = new ManualClock(REFERENCE_TIME);
  const inbox = new InMemoryInboxRepository();
  await inbox.insertMany(null, [
    {
      id: 'i1',
      recipientId: 'alice',
      notificationId: 'd1',
      title: 't',
      message: '',
      url: null,
      createdAt: REFERENCE_TIME,
      readAt: null,
    },
  ]);
  const cancelled: string[] = [];
  const handler = new MarkInboxReadHandler(new FakeUnitOfWork(), clock, inbox, {
    cancelFor: (_tx, deliveryId) => Promise.resolve(void cancelled.push(deliveryId)),
  });
  const read = (inboxId: string, recipientId = 'alice') =>
    handler.execute(Object.assign(new MarkInboxRead(), { recipientId, inboxId }));
  return { clock, read, cancelled };
}

describe('MarkInboxReadHandler', () => {
  it('marks the item read at the clock’s instant and keeps that first instant on a second read', async () => {
    const { clock, read } = await setup();
    await expect(read('i1')).resolves.toMatchObject({ id: 'i1', readAt: REFERENCE_TIME });
    await clock.advance(60_000);
    await expect(read('i1')).resolves.toMatchObject({ readAt: REFERENCE_TIME });
  });

  it('cancels the notification’s pending escalation on the first read only', async () => {
    const { read, cancelled } = await setup();
    await read('i1');
    await read('i1');
    expect(cancelled).toEqual(['d1']);
  });

  it('answers INBOX_ITEM_NOT_FOUND for an unknown item and for another recipient’s', async () => {
    const { read } = await setup();
    await expect(read('nope')).rejects.toMatchObject({
      code: 'NOTIFICATIONS.INBOX_ITEM_NOT_FOUND',
    });
    await expect(read('i1', 'bob')).rejects.toMatchObject({
      code: 'NOTIFICATIONS.INBOX_ITEM_NOT_FOUND',
    });
  });
});
