import { type ChannelErrorClass } from '../../src';
import { type NotificationsContextOptions } from '../../src/context';
import { startPushServiceStandIn, startSmtpTestServer } from '../../src/testing';
import { type ExternalChannelSubject, type ReceiverStandIn } from './subjects';

/** A send id from a 32-character Topic (the push channel's idempotency key without dashes). */
function uuidOf(topic: unknown): string {
  const t = String(topic);
  return `${t.slice(0, 8)}-${t.slice(8, 12)}-${t.slice(12, 16)}-${t.slice(16, 20)}-${t.slice(20)}`;
}

/** The value of a header in a raw message's header block (unfolded, short headers only). */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const match = new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(head);
  return match?.[1]?.trim();
}

/** A receiver stand-in that also says how a daemon reaches it. */
interface ContextualReceiver extends ReceiverStandIn {
  readonly options: NotificationsContextOptions;
}

/**
 * Web push against the push-service stand-in (HTTPS, self-signed: the child processes trust it
 * through the JSON-able `push.extraCa`), which decrypts every push: the key is the `Topic`
 * (the send id), the delivery is the decrypted payload's `id`.
 */
export const push: ExternalChannelSubject = {
  kind: 'push',
  failClass: 'http-5xx',
  async startReceiver(): Promise<ContextualReceiver> {
    const service = await startPushServiceStandIn();
    const subscription = service.subscribe();
    let mode: 'accept' | 'fail' | 'hang' = 'accept';
    service.respond = () =>
      mode === 'hang' ? new Promise<number>(() => undefined) : mode === 'fail' ? 503 : 201;
    const valid = () => service.received.filter((p) => p.problems.length === 0);
    return {
      options: { push: { extraCa: service.ca } },
      registration: () => ({ kind: 'push', subscription }),
      keys: () => valid().map((p) => uuidOf(p.headers.topic)),
      deliveries: () => valid().map((p) => String((p.payload as { id: unknown }).id)),
      answer: (next) => {
        mode = next;
      },
      close: () => service.close(),
    };
  },
  contextOptions: (receiver) => (receiver as ContextualReceiver).options,
};

const SMTP_FAIL: ChannelErrorClass = 'smtp-4xx';

/**
 * Email against a real SMTP server (smtp-server): the key is the Message-ID's local part (the
 * send id), the delivery is `X-Tickler-Notification-Id`; every DATA begun counts as a request
 * (refused and stalled ones too). `fail` answers 451 (greylisting), `hang` never replies.
 */
export const email: ExternalChannelSubject = {
  kind: 'email',
  failClass: SMTP_FAIL,
  async startReceiver(): Promise<ContextualReceiver> {
    const smtp = await startSmtpTestServer();
    let mode: 'accept' | 'fail' | 'hang' = 'accept';
    smtp.onData = () =>
      mode === 'fail' ? { code: 451, message: 'greylisted, try again later' } : mode;
    // A DATA whose headers have not arrived yet is not a request yet.
    const begun = () => smtp.attempts.filter((a) => header(a.raw, 'Message-ID') !== undefined);
    return {
      options: { email: { smtpUrl: smtp.url, from: 'Tickler <reminders@example.org>' } },
      registration: () => ({ kind: 'email', address: 'alice@example.net' }),
      confirmationCode: () => smtp.confirmationCode('alice@example.net'),
      keys: () =>
        begun().map((a) => /^<([^@>]+)@/.exec(header(a.raw, 'Message-ID') ?? '')?.[1] ?? ''),
      deliveries: () => begun().map((a) => header(a.raw, 'X-Tickler-Notification-Id') ?? ''),
      answer: (next) => {
        mode = next;
      },
      close: () => smtp.close(),
    };
  },
  contextOptions: (receiver) => (receiver as ContextualReceiver).options,
};
