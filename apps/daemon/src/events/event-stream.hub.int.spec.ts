import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { createTestApplication } from '@tickler/core/testing';
import { notificationsContext } from '@tickler/notifications/context';
import { SendNotification } from '@tickler/notifications';
import { SseReader } from '../../test/support/sse-reader';
import { EventStreamHub, HEARTBEAT_MS } from './event-stream.hub';

async function setUp() {
  const { app, clock } = await createTestApplication([notificationsContext()]);
  const hub = new EventStreamHub(app.events, app.clock);
  // A real HTTP server on loopback; the path's last segment picks the user ("all" = admin).
  const server = http.createServer((req, res) => {
    const who = (req.url ?? '').split('/').pop();
    hub.open(res, who === 'all' ? undefined : who);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const send = (recipientId: string, title: string) =>
    app.dispatch(Object.assign(new SendNotification(), { recipientId, title, message: '' }));
  const tearDown = async () => {
    hub.closeAll();
    await new Promise((resolve) => server.close(resolve));
    await app.stop();
  };
  return { app, clock, hub, base, send, tearDown };
}

describe('EventStreamHub', () => {
  it("streams one data line per committed event, filtered by the payload's recipient", async () => {
    const { hub, base, send, tearDown } = await setUp();
    const alice = await SseReader.open(`${base}/alice`, 'x');
    const everyone = await SseReader.open(`${base}/all`, 'x');
    expect(alice.response.headers.get('content-type')).toContain('text/event-stream');
    await alice.until((t) => t.includes(': connected'));
    await everyone.until((t) => t.includes(': connected'));
    expect(hub.size).toBe(2);

    const bobs = await send('bob', 'for bob');
    const alices = await send('alice', 'for alice');
    await alice.until((t) => t.includes(alices.delivery.id));
    await everyone.until((t) => t.includes(alices.delivery.id));

    expect(alice.events().map((e) => [e.type, e.aggregateId])).toEqual([
      ['notifications.sent', alices.delivery.id],
    ]);
    expect(alice.events()[0]).toEqual({
      type: 'notifications.sent',
      aggregateId: alices.delivery.id,
      occurredAt: expect.stringMatching(/Z$/) as string,
      payload: expect.objectContaining({ recipientId: 'alice', title: 'for alice' }) as object,
    });
    expect(everyone.events().map((e) => e.aggregateId)).toEqual([
      bobs.delivery.id,
      alices.delivery.id,
    ]);
    await tearDown();
  });

  it('writes a heartbeat comment every 15 s of clock time, only while a client is connected', async () => {
    const { clock, base, hub, tearDown } = await setUp();
    const timersBefore = clock.timerInstants().length;
    const reader = await SseReader.open(`${base}/alice`, 'x');
    await reader.until((t) => t.includes(': connected'));
    expect(clock.timerInstants().length).toBe(timersBefore + 1);
    await clock.advance(HEARTBEAT_MS - 1);
    await clock.advance(1);
    await reader.until((t) => t.includes(': heartbeat'));
    await clock.advance(HEARTBEAT_MS);
    await reader.until((t) => t.split(': heartbeat').length === 3);
    hub.closeAll();
    await reader.ended();
    expect(clock.timerInstants().length).toBe(timersBefore);
    await tearDown();
  });
});
