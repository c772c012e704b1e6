import { type ECDH } from 'node:crypto';
import { createRequire } from 'node:module';

/** The part of `http_ece` (RFC 8188 / 8291 content coding) the push stand-in uses. */
export interface HttpEce {
  /** Decrypts an aes128gcm body: the sender's key is in its header, ours is `privateKey`. */
  decrypt(
    body: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string | Buffer },
  ): Buffer;
}

/** `http_ece` has no type declarations; this is its one typed entry for the tests. */
export const httpEce = createRequire(__filename)('http_ece') as HttpEce;
