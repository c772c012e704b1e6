import { acceptedAsIs } from '@tickler/core';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import fc from 'fast-check';
import { SendNotification } from '../send-notification/send-notification.command';
import { SendNotifications } from './send-notifications.command';

/** Values a field may be given: right and wrong types, limits, instants good and bad, rules. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    undefined,
    null,
    '',
    ' ',
    'alice',
    'a b',
    'inbox',
    'webhook',
    'sms',
    '2026-09-10T08:30:00Z',
    '2026-09-10T08:30:00.000Z',
    '2026-02-30T08:30:00.000Z',
    '2026-09-10T24:00:00.000Z',
    '2026-09-10 08:30',
    'lead:600',
    'lead:0@expiry',
    'lead:-1',
    'x'.repeat(201),
    'x'.repeat(4001),
  ),
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.constant(new Date(0)),
  fc.record(
    { app: fc.constantFrom('home', '', 1), key: fc.constantFrom('k', '', undefined) },
    { requiredKeys: [] },
  ),
);

const FIELDS = [
  'recipientId',
  'title',
  'message',
  'url',
  'scheduledAt',
  'channel',
  'eventAt',
  'expiresAt',
  'rule',
  'source',
  'idempotencyKey',
] as const;

/** A mostly valid item with a few fields replaced, removed or added. */
const item: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    changes: fc.array(fc.tuple(fc.constantFrom(...FIELDS, 'colour', 'constructor'), anyValue), {
      maxLength: 3,
    }),
    constructed: fc.boolean(),
  })
  .map(({ changes, constructed }) => {
    const fields: Record<string, unknown> = {
      recipientId: 'alice',
      title: 'Bins',
      message: 'out',
      scheduledAt: '2026-09-10T08:30:00.000Z',
    };
    for (const [key, value] of changes) {
      Object.defineProperty(fields, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return constructed ? Object.assign(new SendNotification(), fields) : fields;
  });

describe('SendNotifications validation on the bus fast path', () => {
  it('accepts a batch only when class-transformer + class-validator accept it too', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(item, { maxLength: 3 }), async (items) => {
        const command = Object.assign(new SendNotifications(), { items });
        if (!acceptedAsIs(SendNotifications, command)) {
          return;
        }
        accepted++;
        const rebuilt = plainToInstance(SendNotifications, command as object);
        const errors = await validate(rebuilt, {
          whitelist: true,
          forbidNonWhitelisted: true,
          forbidUnknownValues: false,
        });
        expect(errors).toEqual([]);
      }),
      { numRuns: 1500 },
    );
    // The generator reaches the fast path often enough for the property to mean something.
    expect(accepted).toBeGreaterThan(100);
  });
});
