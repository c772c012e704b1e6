/**
 * The application server's VAPID key pair (RFC 8292): the push service checks that every push
 * is signed by the key the browser subscribed with (its `applicationServerKey`).
 */
export interface VapidKeyPair {
  /** Uncompressed P-256 point (65 bytes), base64url without padding: what browsers subscribe with. */
  readonly publicKey: string;
  /** P-256 private scalar (32 bytes), base64url without padding. Never leaves the process. */
  readonly privateKey: string;
}

/** Where the daemon's VAPID key pair lives (a file in the data folder, or a database table). */
export interface VapidKeySource {
  /** The key pair, generated and stored on first use; the same pair on every later call. */
  current(): Promise<VapidKeyPair>;
}
