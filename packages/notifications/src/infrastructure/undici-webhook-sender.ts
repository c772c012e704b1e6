import { type Clock, CORE_TOKENS } from '@tickler/core';
import { inject, injectable } from 'inversify';
import {
  type WebhookDelivery,
  type WebhookOutcome,
  type WebhookSender,
} from '../application/ports/webhook-sender.port';
import { type ResolvedNotificationsOptions } from '../application/notifications.options';
import { NOTIFICATIONS_TOKENS } from '../notifications.tokens';
import { signWebhook } from './webhook-signature';

/**
 * undici is loaded on the first webhook, not at start-up: requiring it costs ~0.1 s of CPU,
 * which every start paid (a restart with due inbox rows only, the CLI) whether or not a
 * webhook ever went out.
 */
let undici: Promise<typeof import('undici')> | undefined;

function loadUndici(): Promise<typeof import('undici')> {
  undici ??= import('undici');
  return undici;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${typeof code === 'string' ? `${code}: ` : ''}${error.message}`.slice(0, 500);
  }
  return String(error).slice(0, 500);
}

/**
 * Signed POST with undici. Headers: `X-Tickler-Id` and `Idempotency-Key` (the delivery id),
 * `X-Tickler-Timestamp` (unix seconds), `X-Tickler-Signature` (see `signWebhook`). 2xx is
 * success; redirects are not followed (a moved endpoint must be re-registered).
 */
@injectable()
export class UndiciWebhookSender implements WebhookSender {
  constructor(
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(NOTIFICATIONS_TOKENS.Options) private readonly options: ResolvedNotificationsOptions,
  ) {}

  async send(delivery: WebhookDelivery): Promise<WebhookOutcome> {
    const body = JSON.stringify(delivery.payload);
    const timestamp = String(Math.floor(this.clock.now().getTime() / 1000));
    try {
      const { request } = await loadUndici();
      const response = await request(delivery.url, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'tickler-webhooks/1',
          'x-tickler-id': delivery.deliveryId,
          'idempotency-key': delivery.deliveryId,
          'x-tickler-timestamp': timestamp,
          'x-tickler-signature': signWebhook(delivery.secret, timestamp, body),
        },
        signal: AbortSignal.timeout(this.options.webhookTimeoutMs),
      });
      // Drain the body so the connection returns to the pool; its content is not used.
      await response.body.dump();
      if (response.statusCode >= 200 && response.statusCode < 300) {
        return { ok: true, status: response.statusCode };
      }
      return { ok: false, error: `HTTP ${response.statusCode} from ${new URL(delivery.url).host}` };
    } catch (error) {
      return { ok: false, error: describe(error) };
    }
  }
}
