import { Command } from '@tickler/core';

/** The VAPID public key: what a browser subscribes with (`applicationServerKey`). */
export interface VapidPublicKeyView {
  /** base64url uncompressed P-256 point (65 bytes), as `pushManager.subscribe` takes it. */
  readonly publicKey: string;
}

/**
 * Reads the daemon's VAPID public key (generating the pair on first use). Public: anyone may
 * read it, as every web page that subscribes a browser does.
 */
export class GetVapidPublicKey extends Command<VapidPublicKeyView> {
  static readonly type = 'notifications.push.vapid-public-key';
}
