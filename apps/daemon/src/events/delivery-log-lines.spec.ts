import { type DomainEvent, EventBus, type Logger } from '@tickler/core';
import { logDeliveries } from './delivery-log-lines';

function recordingLogger(lines: [object, string][]): Logger {
  const keep = (fields: object, message: string) => void lines.push([fields, message]);
  return { debug: keep, info: keep, warn: keep, error: keep };
}

const sent: DomainEvent = {
  eventId: 'd1:sent',
  type: 'notifications.sent',
  aggregateId: 'd1',
  occurredAt: '2026-12-23T09:00:00.000Z',
  payload: { recipientId: 'ann', channel: 'inbox', title: 'call mum', message: 'private' },
};
const missed: DomainEvent = {
  eventId: 'd2:missed',
  type: 'notifications.missed',
  aggregateId: 'd2',
  occurredAt: '2026-12-23T09:00:00.000Z',
  payload: { recipientId: 'ann', reason: 'too-late', title: 'dentist' },
};

describe('logDeliveries', () => {
  it('logs one info line per delivery and per missed reminder, with ids only by default', () => {
    const bus = new EventBus();
    const lines: [object, string][] = [];
    const stop = logDeliveries(bus, recordingLogger(lines), false);
    bus.publish([sent, missed, { ...sent, type: 'notifications.scheduled' }]);
    expect(lines).toEqual([
      [{ deliveryId: 'd1', recipientId: 'ann', channel: 'inbox' }, 'delivered'],
      [{ deliveryId: 'd2', recipientId: 'ann', reason: 'too-late' }, 'missed'],
    ]);
    stop();
    bus.publish([sent]);
    expect(lines).toHaveLength(2);
  });

  it('adds the title (never the message) when configured', () => {
    const bus = new EventBus();
    const lines: [object, string][] = [];
    logDeliveries(bus, recordingLogger(lines), true);
    bus.publish([sent, missed]);
    expect(lines.map(([fields]) => fields)).toEqual([
      { deliveryId: 'd1', recipientId: 'ann', channel: 'inbox', title: 'call mum' },
      { deliveryId: 'd2', recipientId: 'ann', reason: 'too-late', title: 'dentist' },
    ]);
  });
});
