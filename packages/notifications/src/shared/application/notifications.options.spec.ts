import { InvalidArgumentError } from '@tickler/core/domain';
import { resolveNotificationsOptions } from './notifications.options';

describe('notificationsContext({ graceMs })', () => {
  it('takes a duration with its unit, or a number of milliseconds', () => {
    expect(resolveNotificationsOptions({ graceMs: '1h 30m' }).due.graceMs).toBe(5_400_000);
    expect(resolveNotificationsOptions({ graceMs: 'PT12H' }).due.graceMs).toBe(43_200_000);
    expect(resolveNotificationsOptions({ graceMs: 300_000 }).due.graceMs).toBe(300_000);
  });

  it('refuses text without a unit, naming graceMs', () => {
    expect(() => resolveNotificationsOptions({ graceMs: '12' })).toThrow(InvalidArgumentError);
    expect(() => resolveNotificationsOptions({ graceMs: '12' })).toThrow(
      /^graceMs: "12" has no unit/,
    );
  });
});
