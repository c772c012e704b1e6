import {
  type NotificationJson,
  type Page,
  type HttpView,
  type SendNotificationsResult,
} from '@tickler/notifications';
import { daemonPerFile, type ErrorBody } from '@tickler/testing';

const shared = daemonPerFile();

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString();

function paths(body: unknown): string[] {
  return [...new Set((body as ErrorBody).error.fields?.map((f) => f.path) ?? [])].sort();
}

async function listOf(user: string): Promise<NotificationJson[]> {
  return (await shared.api.get<Page<NotificationJson>>(`/v1/users/${user}/notifications`)).body
    .items;
}

describe('POST /v1/notifications/batch', () => {
  it('sends and schedules every item for its userId in one call, results in order, keys replayed', async () => {
    const partyAt = inDays(2);
    const res = await shared.api.post<HttpView<SendNotificationsResult>>(
      '/v1/notifications/batch',
      {
        items: [
          { userId: 'cleo', title: 'Bins', message: 'out tonight', scheduledAt: inDays(1) },
          { userId: 'dan', title: 'Now', message: 'right now' },
          {
            userId: 'cleo',
            title: 'Party',
            message: 'soon',
            eventAt: partyAt,
            rule: 'lead:3600',
            idempotencyKey: 'p',
          },
          {
            userId: 'cleo',
            title: 'Party',
            message: 'soon',
            eventAt: partyAt,
            rule: 'lead:3600',
            idempotencyKey: 'p',
          },
        ],
      },
    );
    expect(res.status).toBe(200);
    const results = res.body.results;
    expect(results.map((r) => [r.created, r.delivery.userId, r.delivery.status])).toEqual([
      [true, 'cleo', 'scheduled'],
      [true, 'dan', 'sent'],
      [true, 'cleo', 'scheduled'],
      [false, 'cleo', 'scheduled'],
    ]);
    expect(results[3]?.delivery.id).toBe(results[2]?.delivery.id);
    expect((await listOf('cleo')).map((n) => n.title).sort()).toEqual(['Bins', 'Party']);
    expect((await listOf('dan')).map((n) => n.status)).toEqual(['sent']);
  });

  it('rejects the whole batch with 400 naming items.<i>.<field> in the body’s own names, and stores nothing', async () => {
    const res = await shared.api.post('/v1/notifications/batch', {
      items: [
        { userId: 'erin', title: 'ok', message: 'fine', scheduledAt: inDays(1) },
        { userId: 'bad user', title: 'x', message: 'y' },
        { userId: 'erin', title: 'x', message: 'y', scheduledAt: 'tomorrow' },
        { title: 'x', message: 'no user' },
      ],
    });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(['items.1.userId', 'items.2.scheduledAt', 'items.3.userId']);
    expect(JSON.stringify(res.body)).not.toContain('recipientId');
    expect(await listOf('erin')).toEqual([]);
  });

  it('refuses recipientId in an item (the recipient is userId)', async () => {
    const res = await shared.api.post('/v1/notifications/batch', {
      items: [{ userId: 'finn', recipientId: 'finn', title: 'x', message: 'y' }],
    });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(['items.0.recipientId']);
    expect(await listOf('finn')).toEqual([]);
  });

  it('is listed in the OpenAPI document as an admin operation', async () => {
    const doc = await shared.api.get<{
      paths: Record<string, Record<string, { operationId: string }>>;
    }>('/openapi.json');
    expect(doc.body.paths['/v1/notifications/batch']?.post?.operationId).toBe('sendNotifications');
  });
});
