import { type NotificationView, GetNotification } from '../../../index';
import {
  send,
  type NotificationsTestApp,
  createNotificationsTestApp,
} from '../../../testing/test-app';
import { type SmtpTestServer, startSmtpTestServer } from '../../../testing/smtp-test-server';
import { subscribeConfirmedEmail } from '../../../testing/email-confirmation-kit';

// The email adapter behind the real send loop (claim → send after commit → settle, retry by
// the channel's policy), against a real SMTP server in this process; time is the ManualClock.
let smtp: SmtpTestServer;
let t: NotificationsTestApp;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(() => smtp.close());
beforeEach(async () => {
  smtp.onData = () => 'accept';
  t = await createNotificationsTestApp({
    email: { smtpUrl: smtp.url, from: 'Tickler <reminders@example.org>' },
  });
});
afterEach(() => t.app.stop());

async function subscribe(
  guarantee: 'at-least-once' | 'at-most-once' = 'at-least-once',
): Promise<void> {
  await subscribeConfirmedEmail(t.app, smtp, {
    recipientId: 'alice',
    address: 'alice@example.net',
    default: true,
    guarantee,
  });
}

async function emailOutcome(id: string): Promise<NotificationView['channels'][number] | undefined> {
  const view = await t.app.dispatch(
    Object.assign(new GetNotification(), { recipientId: 'alice', id }),
  );
  return view.channels.find((c) => c.channel === 'email');
}

describe('email through the send loop', () => {
  it('a connection dropped mid-DATA is retried after the backoff and delivered once, with the same Message-ID', async () => {
    await subscribe();
    const first = smtp.attempts.length;
    smtp.onData = (index) => (index === first ? 'drop' : 'accept');

    const { id } = (await send(t.app, { title: 'Dentist' })).delivery;
    await t.sendsSettled();

    expect(await emailOutcome(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'unreachable',
    });
    expect(smtp.messages).toHaveLength(0);

    await t.clock.advance(60_000); // the email channel's first backoff
    await t.sendsSettled();

    expect(await emailOutcome(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.messages).toHaveLength(1);
    const messageId = smtp.messages[0]!.parsed.messageId!;
    expect(messageId).toMatch(/^<[0-9a-f-]{36}@example\.org>$/);
    expect(smtp.attempts[first]!.raw).toContain(`Message-ID: ${messageId}`);
    expect(smtp.messages[0]!.parsed.headers.get('x-tickler-notification-id')).toBe(id);
  });

  it('a 5xx reply fails the send at once; the inbox still has the reminder', async () => {
    await subscribe();
    smtp.onData = () => ({ code: 550, message: 'mailbox unavailable' });
    const { id } = (await send(t.app)).delivery;
    await t.sendsSettled();

    const view = await t.app.dispatch(
      Object.assign(new GetNotification(), { recipientId: 'alice', id }),
    );
    expect(view.channels.find((c) => c.channel === 'email')).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'smtp-5xx',
    });
    expect(view.channels.find((c) => c.channel === 'inbox')).toMatchObject({ status: 'sent' });
    expect(view.status).toBe('sent');
  });

  it('an at-most-once subscription whose connection dropped mid-DATA is failed, never sent twice', async () => {
    await subscribe('at-most-once');
    smtp.onData = () => 'drop';
    const { id } = (await send(t.app)).delivery;
    await t.sendsSettled();
    await t.clock.advance(3_600_000);
    await t.sendsSettled();

    expect(await emailOutcome(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'abandoned',
    });
  });
});
