/**
 * The key action links are signed with: the same on every daemon of one database (a link made
 * by one daemon is followed on another), kept secret like the VAPID private key it comes from.
 */
export interface ActionLinkKeySource {
  /** 32 bytes of HMAC key; the same on every call. */
  current(): Promise<Buffer>;
}
