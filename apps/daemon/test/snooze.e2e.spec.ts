import { type InboxItemJson, type NotificationJson, type Page } from '@tickler/notifications';
import { daemonPerFile, type ErrorBody, eventually } from '@tickler/testing';

// Issue 13 item 5: POST /v1/users/{userId}/inbox/{id}/snooze on the real daemon.

const shared = daemonPerFile();

describe('snoozing an inbox item over HTTP', () => {
  it('delivers the same content again after the snooze, linked to the item', async () => {
    const first = await shared.api.post<NotificationJson>('/v1/users/sam/notifications', {
      title: 'Stand up',
      message: 'and stretch',
    });
    expect(first.body.status).toBe('sent');
    const snoozed = await shared.api.post<NotificationJson>(
      `/v1/users/sam/inbox/${first.body.inboxId}/snooze`,
      { for: '1s' },
    );
    expect(snoozed.status).toBe(201);
    expect(snoozed.body).toMatchObject({
      status: 'scheduled',
      title: 'Stand up',
      message: 'and stretch',
      snoozedFrom: first.body.inboxId,
    });
    const inbox = await eventually(async () => {
      const page = await shared.api.get<Page<InboxItemJson>>('/v1/users/sam/inbox');
      return page.body.items.length === 2 ? page.body.items : undefined;
    });
    expect(inbox.map((i) => [i.notificationId, i.title, i.message])).toEqual([
      [snoozed.body.id, 'Stand up', 'and stretch'],
      [first.body.id, 'Stand up', 'and stretch'],
    ]);
    expect(inbox[1]?.readAt).not.toBeNull();
    const later = await shared.api.get<NotificationJson>(
      `/v1/users/sam/notifications/${snoozed.body.id}`,
    );
    expect(later.body).toMatchObject({ status: 'sent', snoozedFrom: first.body.inboxId });
  });

  it("answers 404 for someone else's item and 400 naming the field for bad input", async () => {
    const first = await shared.api.post<NotificationJson>('/v1/users/sam/notifications', {
      title: 'Mine',
      message: '',
    });
    const path = `/inbox/${first.body.inboxId}/snooze`;
    const issued = await shared.api.post<{ token: string }>('/v1/users/tom/tokens');
    const tom = shared.api.as(issued.body.token);
    const other = await tom.post<ErrorBody>(`/v1/users/tom${path}`, { for: '10m' });
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('NOTIFICATIONS.INBOX_ITEM_NOT_FOUND');
    const both = await shared.api.post<ErrorBody>(`/v1/users/sam${path}`, {
      for: '10m',
      until: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(both.status).toBe(400);
    expect(both.body.error.message).toMatch(/^until:/);
    const bare = await shared.api.post<ErrorBody>(`/v1/users/sam${path}`, { for: '10' });
    expect(bare.status).toBe(400);
    expect(bare.body.error.fields?.map((f) => f.path)).toEqual(['for']);
  });
});
