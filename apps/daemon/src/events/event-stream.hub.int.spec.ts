import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { createTestApplication } from '@tickler/core/testing';
import { notificationsContext } from '@tickler/notifications/context';
import { SendNotification } from '@tickler/notifications';
import { SseReader } from '../../test/support/sse-reader';
import { EventStreamHub, HEARTBEAT_MS } from './event-stream.hub';
import { type ReplayLimits } from './replay-window';

async function setUp(replay?: ReplayLimits) {
  const { app, clock } = await createTestApplication([notificationsContext()]);
  const hub = new EventStreamHub(app.events, app.clock, HEARTBEAT_MS, undefined, replay);
  // A real HTTP server on loopback; the path's last segment picks the user ("all" = admin).
  const server = http.createServer((req, res) => {
    const who = (req.url ?? '').split('/').pop();
    const last = req.headers['last-event-id'];
    hub.open(res, who === 'all' ? undefined : who, '', typeof last === 'string' ? last : undefined);
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

/** Alice connects, sees one event, and goes away: the id she would resume from. */
async function seeOneThenLeave(
  base: string,
  send: (recipientId: string, title: string) => Promise<{ delivery: { id: string } }>,
): Promise<string> {
  const first = await SseReader.open(`${base}/alice`, 'x');
  await first.until((t) => t.includes(': connected'));
  const one = await send('alice', 'one');
  await first.until((t) => t.includes(one.delivery.id));
  const [seen] = first.ids();
  await first.close();
  return seen!;
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
      eventId: `${alices.delivery.id}:sent`,
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

  it('replays what a user missed after its Last-Event-ID, without repeating what it had', async () => {
    const { base, send, tearDown } = await setUp();
    const seen = await seeOneThenLeave(base, send);

    // Sent while alice is away, with bob's event in between (never shown to alice).
    const two = await send('alice', 'two');
    await send('bob', 'not yours');
    const three = await send('alice', 'three');

    const again = await SseReader.open(`${base}/alice`, 'x', seen);
    await again.until((t) => t.includes(three.delivery.id));
    const four = await send('alice', 'four');
    await again.until((t) => t.includes(four.delivery.id));
    expect(again.text).not.toContain('stream.gap');
    expect(again.events().map((e) => e.aggregateId)).toEqual([
      two.delivery.id,
      three.delivery.id,
      four.delivery.id,
    ]);
    const seqs = [seen, ...again.ids()].map((id) => Number(id.split('-')[1]));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    await tearDown();
  });

  it('announces a stream.gap for an id older than the window, then replays all it still holds', async () => {
    const { base, send, hub, tearDown } = await setUp({ maxEvents: 2, maxBytes: 1 << 20 });
    const seen = await seeOneThenLeave(base, send);
    await send('alice', 'two');
    const three = await send('alice', 'three');
    const four = await send('alice', 'four');
    expect(hub.retained).toBe(2);

    const again = await SseReader.open(`${base}/alice`, 'x', seen);
    await again.until((t) => t.includes(four.delivery.id));
    expect(again.text.indexOf('event: stream.gap')).toBeLessThan(
      again.text.indexOf(three.delivery.id),
    );
    expect(again.events()[0]).toEqual({
      type: 'stream.gap',
      lastEventId: seen,
      reason: 'expired',
      replayed: 2,
    });
    expect(
      again
        .events()
        .slice(1)
        .map((e) => e.aggregateId),
    ).toEqual([three.delivery.id, four.delivery.id]);
    await tearDown();
  });

  it('treats an id from another daemon process as unknown: a gap, then the whole window', async () => {
    const { base, send, tearDown } = await setUp();
    const one = await send('alice', 'one');
    const stranger = await SseReader.open(`${base}/alice`, 'x', '00000000deadbeef-7');
    await stranger.until((t) => t.includes(one.delivery.id));
    expect(stranger.events().map((e) => e.type)).toEqual(['stream.gap', 'notifications.sent']);
    expect(stranger.events()[0]).toMatchObject({ reason: 'unknown-id', replayed: 1 });
    await tearDown();
  });
});
