import { startSmtpTestServer, type SmtpTestServer } from '@tickler/notifications/testing';
import { envFor, type RunningDaemon, startDaemon, tickler } from './support/processes';

// Issue 29, finding 5, through the CLI: an email address receives nothing until its owner types
// back the code mailed to it, and a person holds at most the daemon's limit per channel.

let smtp: SmtpTestServer;
let daemon: RunningDaemon;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  daemon = await startDaemon({
    TICKLER_SMTP_URL: smtp.url,
    TICKLER_SMTP_FROM: 'reminders@example.org',
    TICKLER_SUBSCRIPTIONS_PER_CHANNEL: '2',
  });
});

afterAll(async () => {
  await daemon.stop();
  await smtp.close();
});

const run = (args: string[]) => tickler(['--user', 'ann', ...args], envFor(daemon));

describe('tickler subscriptions add-email / confirm', () => {
  it('mails a code, shows the address unconfirmed, and confirms it with the code', async () => {
    const added = await run(['--json', 'subscriptions', 'add-email', 'ann@example.net']);
    expect(added.code).toBe(0);
    const created = JSON.parse(added.stdout) as { id: string; confirmed: boolean };
    expect(created.confirmed).toBe(false);
    const listed = await run(['subscriptions', 'list']);
    expect(listed.stdout).toContain('unconfirmed');
    const wrong = await run(['subscriptions', 'confirm', created.id, 'WRONGCODE1']);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain('code');
    const code = smtp.confirmationCode('ann@example.net') ?? '';
    const confirmed = await run(['subscriptions', 'confirm', created.id, code]);
    expect(confirmed.code).toBe(0);
    expect(confirmed.stdout).toContain('active');
  });

  it('refuses an address past the per-person limit with the daemon’s message', async () => {
    expect((await run(['subscriptions', 'add-email', 'ann2@example.net'])).code).toBe(0);
    const third = await run(['subscriptions', 'add-email', 'ann3@example.net']);
    expect(third.code).not.toBe(0);
    expect(third.stderr).toMatch(/already has 2 email subscriptions/);
  });
});
