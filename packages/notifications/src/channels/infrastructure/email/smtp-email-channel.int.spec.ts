import { CommandValidationError } from '@tickler/core';
import { type ChannelSendRequest } from '../../application/ports/delivery-channel.port';
import { type SmtpTestServer, startSmtpTestServer } from '../../../testing/smtp-test-server';
import { EMAIL_NOT_CONFIGURED, SmtpEmailChannel } from './smtp-email-channel';

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(() => smtp.close());
beforeEach(() => {
  smtp.onData = () => 'accept';
});

function channel(url = smtp.url): SmtpEmailChannel {
  return new SmtpEmailChannel({
    smtp: {
      url,
      from: 'Tickler <reminders@example.org>',
      connectionTimeoutMs: 5_000,
      greetingTimeoutMs: 5_000,
      socketTimeoutMs: 10_000,
    },
    timeoutMs: 30_000,
    retry: { maxAttempts: 5, baseMs: 60_000, maxMs: 1_800_000 },
  });
}

let sequence = 0;
function request(message: Partial<ChannelSendRequest['message']> = {}): ChannelSendRequest {
  sequence += 1;
  const n = String(sequence).padStart(12, '0');
  return {
    sendId: `01900000-0000-7000-9000-${n}`,
    deliveryId: `01900000-0000-7000-8000-${n}`,
    recipientId: 'alice',
    subscriptionId: '01900000-0000-7000-a000-000000000001',
    attempt: 1,
    now: '2026-12-01T18:00:00.250Z',
    target: { address: 'alice@example.net' },
    message: {
      id: `01900000-0000-7000-8000-${n}`,
      recipientId: 'alice',
      title: 'Bins out',
      message: 'Trash and recycling.\nGreen bin too.',
      url: 'https://example.org/bins?week=49&side=left',
      scheduledAt: '2026-12-01T18:00:00.000Z',
      priority: 'normal',
      sentAt: '2026-12-01T18:00:00.250Z',
      ...message,
    },
  };
}

const live = (): AbortSignal => new AbortController().signal;

describe('SmtpEmailChannel against a real SMTP server', () => {
  it('sends text and HTML bodies with the link, a Message-ID from the send id, and no auto-replies', async () => {
    const sent = request();
    const before = smtp.messages.length;

    expect(await channel().send(sent, live())).toEqual({ ok: true });

    const mail = smtp.messages[before]!;
    expect(mail.envelope).toEqual({ from: 'reminders@example.org', to: ['alice@example.net'] });
    expect(mail.parsed.subject).toBe('Bins out');
    expect(mail.parsed.from?.value).toEqual([
      { name: 'Tickler', address: 'reminders@example.org' },
    ]);
    expect(mail.parsed.messageId).toBe(`<${sent.sendId}@example.org>`);
    expect(mail.parsed.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.parsed.headers.get('x-tickler-notification-id')).toBe(sent.deliveryId);
    expect(mail.parsed.text).toBe(
      'Trash and recycling.\nGreen bin too.\n\nhttps://example.org/bins?week=49&side=left\n',
    );
    expect(mail.parsed.html).toContain(
      '<a href="https://example.org/bins?week=49&amp;side=left">https://example.org/bins?week=49&amp;side=left</a>',
    );
    expect(mail.parsed.html).toContain('<p>Trash and recycling.<br>\nGreen bin too.</p>');
    expect(mail.parsed.date?.toISOString()).toBe('2026-12-01T18:00:00.000Z');
  });

  it('escapes the HTML body, keeps the subject one line, and leaves out a link that is not http(s)', async () => {
    const before = smtp.messages.length;
    const sent = request({
      title: 'Hi <b>you</b>\r\nBcc: victim@example.com',
      message: '<script>alert(1)</script> & "quotes"',
      url: 'javascript:alert(1)',
    });

    expect(await channel().send(sent, live())).toEqual({ ok: true });

    const mail = smtp.messages[before]!;
    expect(mail.envelope.to).toEqual(['alice@example.net']);
    expect(mail.parsed.headers.has('bcc')).toBe(false);
    expect(mail.parsed.subject).toBe('Hi <b>you</b> Bcc: victim@example.com');
    expect(mail.parsed.html).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;',
    );
    expect(mail.parsed.html).toContain('<h1 style="font-size:1.2em">Hi &lt;b&gt;you&lt;/b&gt;');
    expect(mail.raw).not.toContain('javascript:');
    expect(mail.parsed.html).not.toContain('<a ');
  });

  it('retries a 4xx reply and fails a 5xx at once, neither maybe delivered', async () => {
    smtp.onData = () => ({ code: 451, message: 'greylisted, try later' });
    expect(await channel().send(request(), live())).toMatchObject({
      ok: false,
      errorClass: 'smtp-4xx',
      retryable: true,
      maybeDelivered: false,
    });
    smtp.onData = () => ({ code: 550, message: 'no such user' });
    expect(await channel().send(request(), live())).toMatchObject({
      ok: false,
      errorClass: 'smtp-5xx',
      retryable: false,
      maybeDelivered: false,
    });
  });

  it('a connection dropped mid-DATA is retried with the same Message-ID and delivered once', async () => {
    const first = smtp.attempts.length;
    const delivered = smtp.messages.length;
    smtp.onData = (index) => (index === first ? 'drop' : 'accept');
    const sent = request();

    const dropped = await channel().send(sent, live());
    expect(dropped).toMatchObject({
      ok: false,
      errorClass: 'unreachable',
      retryable: true,
      maybeDelivered: true,
    });
    expect(smtp.messages.length).toBe(delivered);

    expect(await channel().send({ ...sent, attempt: 2 }, live())).toEqual({ ok: true });
    expect(smtp.messages.length).toBe(delivered + 1);
    const id = `<${sent.sendId}@example.org>`;
    expect(smtp.attempts[first]!.raw).toContain(`Message-ID: ${id}`);
    expect(smtp.messages[delivered]!.parsed.messageId).toBe(id);
  });

  it('reports a server nobody listens on as unreachable, not delivered', async () => {
    expect(await channel('smtp://127.0.0.1:9').send(request(), live())).toMatchObject({
      ok: false,
      errorClass: 'unreachable',
      retryable: true,
      maybeDelivered: false,
    });
  });

  it('stops when its signal aborts: timeout, maybe delivered', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await channel().send(request(), controller.signal)).toMatchObject({
      ok: false,
      errorClass: 'timeout',
      retryable: true,
    });
  });

  it('is one endpoint per SMTP server', () => {
    expect(channel().endpointOf({ address: 'x@example.net' })).toBe(`smtp:127.0.0.1:${smtp.port}`);
  });
});

describe('SmtpEmailChannel without TICKLER_SMTP_URL', () => {
  const none = new SmtpEmailChannel({
    smtp: undefined,
    timeoutMs: 30_000,
    retry: { maxAttempts: 5, baseMs: 60_000, maxMs: 1_800_000 },
  });

  it('refuses a new email subscription with a 400 that says why', async () => {
    const registering = none.prepareTarget({
      recipientId: 'alice',
      kind: 'email',
      address: 'a@example.net',
    });
    await expect(registering).rejects.toBeInstanceOf(CommandValidationError);
    await expect(registering).rejects.toMatchObject({
      fields: [{ path: 'kind', message: EMAIL_NOT_CONFIGURED }],
    });
  });

  it('fails a send to an existing subscription at once, not retried', async () => {
    expect(await none.send(request(), live())).toEqual({
      ok: false,
      errorClass: 'unreachable',
      retryable: false,
      maybeDelivered: false,
      detail: EMAIL_NOT_CONFIGURED,
    });
  });
});
