import { type NotificationJson } from '@tickler/notifications';
import { tickler, ticklerJson, useDaemon } from './support/processes';

// Issue 31: after `profile --tz`, every local time the CLI reads is in that zone, not the
// machine's (the machine here is in Berlin, the person in Tokyo).

const shared = useDaemon();
const env = () => ({ ...shared.env, TZ: 'Europe/Berlin' });

describe('one zone: the profile’s (built binary against a real daemon)', () => {
  it('reads --at, --every and prints times in the profile’s zone', async () => {
    const set = await tickler(['--user', 'kenji', 'profile', '--tz', 'Asia/Tokyo'], env());
    expect(set.code).toBe(0);
    const at = await ticklerJson<NotificationJson>(
      ['--user', 'kenji', 'remind', 'tea', '--at', 'tomorrow 9am'],
      env(),
    );
    // 09:00 in Tokyo is 00:00 UTC (Berlin would have made it 08:00 UTC).
    expect(at.scheduledAt).toMatch(/T00:00:00\.000Z$/);
    const every = await ticklerJson<NotificationJson>(
      ['--user', 'kenji', 'remind', 'stand-up', '--every', 'daily 09:00'],
      env(),
    );
    expect(every.repeat).toMatchObject({ timeZone: 'Asia/Tokyo' });
    expect(every.scheduledAt).toMatch(/T00:00:00\.000Z$/);
    const line = await tickler(
      ['--user', 'kenji', 'remind', 'lunch', '--at', 'tomorrow 12:30'],
      env(),
    );
    expect(line.stdout).toMatch(/ 12:30 \(in /);
    const edited = await ticklerJson<NotificationJson>(
      ['--user', 'kenji', 'edit', at.id.slice(-6), '--at', 'tomorrow 10am'],
      env(),
    );
    expect(edited.scheduledAt).toMatch(/T01:00:00\.000Z$/);
  });
});
