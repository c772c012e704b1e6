import { type ChannelErrorClass } from '../../src';
import { type NotificationsContextOptions } from '../../src/context';
import { startNtfyStandIn, startWebhookReceiver } from '../../src/testing';
import { email, push } from './push-email.subjects';

/**
 * A stand-in for the far end of an external channel (an HTTP receiver, a push service, an SMTP
 * server), as the channel contract suite drives it.
 */
export interface ReceiverStandIn {
  /** The fields of `RegisterSubscription` that point a subscription at this stand-in. */
  registration(): Record<string, unknown>;
  /** A target that must be confirmed (email): the code the stand-in received for it. */
  confirmationCode?(): string | undefined;
  /** The idempotency key of each request received, in arrival order. */
  keys(): string[];
  /** The notification (delivery) id each request carried, in arrival order. */
  deliveries(): string[];
  /** How requests are answered from now on: accepted, refused (retryable), or never answered. */
  answer(mode: 'accept' | 'fail' | 'hang'): void;
  close(): Promise<void>;
}

/** One external channel as the contract suite tests it: its kind, its stand-in, its options. */
export interface ExternalChannelSubject {
  readonly kind: string;
  startReceiver(): Promise<ReceiverStandIn>;
  /**
   * Context options the adapter needs to reach `receiver` (JSON-able: child processes get them
   * on their command line). Private targets are allowed already (the stand-ins are local).
   */
  contextOptions(receiver: ReceiverStandIn): NotificationsContextOptions;
  /** The error class a `fail` answer becomes. */
  readonly failClass: ChannelErrorClass;
}

/** The webhook channel against a real HTTP server on 127.0.0.1. */
const webhook: ExternalChannelSubject = {
  kind: 'webhook',
  failClass: 'http-5xx',
  async startReceiver() {
    const receiver = await startWebhookReceiver();
    let mode: 'accept' | 'fail' | 'hang' = 'accept';
    receiver.respond = () =>
      mode === 'hang' ? new Promise<number>(() => undefined) : mode === 'fail' ? 503 : 200;
    return {
      registration: () => ({ kind: 'webhook', url: receiver.url }),
      keys: () => receiver.received.map((r) => String(r.headers['idempotency-key'])),
      deliveries: () =>
        receiver.received.map((r) => String((JSON.parse(r.body) as { id: string }).id)),
      answer: (next) => {
        mode = next;
      },
      close: () => receiver.close(),
    };
  },
  contextOptions: () => ({}),
};

/**
 * ntfy against a stand-in that checks ntfy's JSON publish shape (a malformed request is
 * answered 400 and not counted as a delivery); the key is the `Idempotency-Key` header, the
 * delivery `X-Tickler-Notification-Id`.
 */
const ntfy: ExternalChannelSubject = {
  kind: 'ntfy',
  failClass: 'http-5xx',
  async startReceiver() {
    const standIn = await startNtfyStandIn();
    standIn.token = 'tk_contract';
    let mode: 'accept' | 'fail' | 'hang' = 'accept';
    standIn.respond = () =>
      mode === 'hang' ? new Promise<number>(() => undefined) : mode === 'fail' ? 503 : 200;
    const valid = () => standIn.received.filter((r) => r.problems.length === 0);
    return {
      registration: () => ({
        kind: 'ntfy',
        server: standIn.url,
        topic: 'contract',
        token: 'tk_contract',
      }),
      keys: () => valid().map((r) => String(r.headers['idempotency-key'])),
      deliveries: () => valid().map((r) => String(r.headers['x-tickler-notification-id'])),
      answer: (next) => {
        mode = next;
      },
      close: () => standIn.close(),
    };
  },
  contextOptions: () => ({}),
};

/**
 * Every external channel the contract suite runs, by kind. Adding a channel: its subject here
 * (a stand-in that records idempotency keys) and one `describeChannelContract('<kind>')` spec.
 */
export const CHANNEL_SUBJECTS: Readonly<Record<string, ExternalChannelSubject>> = {
  webhook,
  push,
  email,
  ntfy,
};
