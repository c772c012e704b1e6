import { tickler, useDaemon } from './support/processes';

// Issue 31, item 6: quiet hours move a reminder; `remind` says so when it schedules one they
// will hold, and says nothing when they will not.

const shared = useDaemon();
const env = () => ({ ...shared.env, TZ: 'UTC' });
const as = (args: string[]) => ['--user', 'owl', ...args];

describe('remind warns of the quiet hours that will hold it (built binary against a real daemon)', () => {
  it('names the window and when it ends, by what the profile keeps on time', async () => {
    const set = await tickler(as(['profile', '--tz', 'UTC', '--quiet', '22:00-07:00']), env());
    expect(set.code).toBe(0);

    // The profile's default: the whole reminder waits for the window's end.
    const late = await tickler(as(['remind', 'late', '--at', '2030-01-02T23:30:00Z']), env());
    expect(late.code).toBe(0);
    expect(late.stderr).toMatch(
      /^tickler: note: your quiet hours \(22:00–07:00\) hold it: it waits until Thu 3 Jan 2030 07:00 \(in .+\)\n$/,
    );
    expect(late.stdout).toMatch(/ late\n$/);
    const early = await tickler(as(['remind', 'early', '--at', '2030-01-02T05:00:00Z']), env());
    expect(early.stderr).toMatch(/hold it: it waits until Wed 2 Jan 2030 07:00 /);

    // Outside the window: nothing to say.
    const day = await tickler(as(['remind', 'day', '--at', '2030-01-02T12:00:00Z']), env());
    expect(day).toMatchObject({ code: 0, stderr: '' });

    // With the inbox on time, only what rings waits; an inbox-only reminder is not held.
    expect((await tickler(as(['profile', '--inbox-on-time', 'on']), env())).code).toBe(0);
    const rings = await tickler(as(['remind', 'rings', '--at', '2030-01-02T23:30:00Z']), env());
    expect(rings.stderr).toMatch(
      /^tickler: note: your quiet hours \(22:00–07:00\) hold it: push, email and webhooks wait until Thu 3 Jan 2030 07:00 \(in .+\); the inbox gets it on time\n$/,
    );
    const inbox = await tickler(
      as(['remind', 'quiet one', '--at', '2030-01-02T23:30:00Z', '--channels', 'inbox']),
      env(),
    );
    expect(inbox).toMatchObject({ code: 0, stderr: '' });
  });
});
