import { createECDH } from 'node:crypto';
import webpush from 'web-push';
import { type VapidKeyPair } from '../../application/ports/vapid-keys.port';

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decoded(value: unknown, bytes: number): Buffer | undefined {
  if (typeof value !== 'string' || !BASE64URL.test(value) || value.length > 200) {
    return undefined;
  }
  const buffer = Buffer.from(value, 'base64url');
  return buffer.length === bytes ? buffer : undefined;
}

/** A fresh P-256 key pair for VAPID, from web-push (it pads short keys, a known pitfall). */
export function generateVapidKeyPair(): VapidKeyPair {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  return { publicKey, privateKey };
}

/**
 * Checks a stored key pair: a 65-byte uncompressed public point, a 32-byte private scalar, and
 * the public key really derived from the private one (a pair mixed from two files would sign
 * pushes every push service rejects). Returns the reason it is unusable, or undefined.
 */
export function vapidKeyPairProblem(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') {
    return 'not an object with publicKey and privateKey';
  }
  const { publicKey, privateKey } = value as Record<string, unknown>;
  const publicBytes = decoded(publicKey, 65);
  const privateBytes = decoded(privateKey, 32);
  if (publicBytes === undefined || publicBytes[0] !== 0x04) {
    return 'publicKey is not a base64url uncompressed P-256 point (65 bytes)';
  }
  if (privateBytes === undefined) {
    return 'privateKey is not a base64url P-256 private key (32 bytes)';
  }
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateBytes);
    if (!ecdh.getPublicKey().equals(publicBytes)) {
      return 'publicKey does not belong to privateKey';
    }
  } catch {
    return 'privateKey is not a valid P-256 scalar';
  }
  return undefined;
}
