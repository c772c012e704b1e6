import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type ChannelSendRequest } from '../../application/ports/delivery-channel.port';
import { SmtpEmailChannel } from './smtp-email-channel';
import { checkSmtpEncryption } from './smtp-encryption-check';

// Issue 29, finding 4: with a server that offers no STARTTLS, AUTH PLAIN went out in clear.

/** A real SMTP server in this process that offers no STARTTLS and records every AUTH. */
async function plainServer(): Promise<{
  port: number;
  auths: string[];
  close: () => Promise<void>;
}> {
  const auths: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      auths.push(`${auth.username ?? ''}:${auth.password ?? ''}`);
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, auths, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const timeouts = { connectionTimeoutMs: 5_000, greetingTimeoutMs: 5_000, socketTimeoutMs: 5_000 };

function channel(url: string): SmtpEmailChannel {
  return new SmtpEmailChannel({
    smtp: { url, from: 'reminders@example.org', ...timeouts },
    timeoutMs: 10_000,
    retry: { maxAttempts: 1, baseMs: 1000, maxMs: 1000 },
  });
}

const request: ChannelSendRequest = {
  sendId: '01900000-0000-7000-8000-000000000001',
  deliveryId: '01900000-0000-7000-8000-000000000002',
  recipientId: 'ann',
  subscriptionId: '01900000-0000-7000-8000-000000000003',
  attempt: 1,
  target: { address: 'ann@example.net' },
  message: {
    id: '01900000-0000-7000-8000-000000000002',
    recipientId: 'ann',
    title: 'water the plants',
    message: '',
    url: null,
    scheduledAt: null,
    priority: 'normal',
    sentAt: '2026-12-03T09:00:00.000Z',
  },
  now: '2026-12-03T09:00:00.000Z',
};

describe('SMTP never authenticates over an unencrypted connection unless told to', () => {
  let server: Awaited<ReturnType<typeof plainServer>>;
  beforeEach(async () => {
    server = await plainServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('does not send the password to a server without STARTTLS: the send fails, no AUTH arrives', async () => {
    const outcome = await channel(`smtp://bot:s3cret@127.0.0.1:${server.port}`).send(
      request,
      new AbortController().signal,
    );
    expect(outcome.ok).toBe(false);
    expect(server.auths).toEqual([]);
  });

  it('a start learns it first: checkSmtpEncryption says no-starttls, without sending AUTH', async () => {
    const settings = { from: 'reminders@example.org', ...timeouts };
    await expect(
      checkSmtpEncryption({ ...settings, url: `smtp://bot:s3cret@127.0.0.1:${server.port}` }),
    ).resolves.toBe('no-starttls');
    await expect(
      checkSmtpEncryption({ ...settings, url: `smtp://127.0.0.1:${server.port}` }),
    ).resolves.toBe('no-credentials');
    await expect(
      checkSmtpEncryption({ ...settings, url: 'smtp://bot:s3cret@127.0.0.1:1' }),
    ).resolves.toBe('unreachable');
    expect(server.auths).toEqual([]);
  });

  it('authenticates in clear when the operator opts in with ?insecure_auth=true', async () => {
    const outcome = await channel(
      `smtp://bot:s3cret@127.0.0.1:${server.port}?insecure_auth=true`,
    ).send(request, new AbortController().signal);
    expect(outcome).toEqual({ ok: true });
    expect(server.auths).toEqual(['bot:s3cret']);
  });
});
