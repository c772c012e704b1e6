/** One webhook delivery to make. The sender signs and sends it; nothing here is secret-free. */
export interface WebhookDelivery {
  /** The delivery id: also the receiver's idempotency key (`X-Tickler-Id`, `Idempotency-Key`). */
  readonly deliveryId: string;
  readonly url: string;
  /** HMAC-SHA256 key for `X-Tickler-Signature`. */
  readonly secret: string;
  /** JSON-able body. */
  readonly payload: Readonly<Record<string, unknown>>;
}

/** What came back: a 2xx is `ok`; anything else (status, timeout, refused) carries a short error. */
export type WebhookOutcome =
  { readonly ok: true; readonly status: number } | { readonly ok: false; readonly error: string };

/** Sends signed webhook requests. Never throws: transport failures are outcomes. */
export interface WebhookSender {
  send(delivery: WebhookDelivery): Promise<WebhookOutcome>;
}
