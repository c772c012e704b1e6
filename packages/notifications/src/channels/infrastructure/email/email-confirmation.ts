import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type SubscriptionTarget,
  type TargetConfirmation,
} from '../../application/ports/delivery-channel.port';
import { asEmailTarget, type EmailTarget } from './email-target';

/** Wrong codes a target takes before its code stops working (a new registration sends a new one). */
export const MAX_CODE_ATTEMPTS = 5;
/** Characters of a code: no 0/O, 1/I/L, easy to read out of an email and type. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 10;

const hashOf = (code: string): string =>
  createHash('sha256').update(code.trim().toUpperCase(), 'utf8').digest('hex');

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Confirmation of an email address: a 10-character code (≈ 49 bits) mailed to it, typed back
 * by the subscription's owner; five wrong codes lock it. The code is stored only as its SHA-256.
 * An email target stored before confirmation existed (no `confirmedAt` key) counts as confirmed.
 */
export class EmailConfirmation implements TargetConfirmation {
  constructor(private readonly mail: (address: string, code: string) => Promise<boolean>) {}

  confirmed(target: SubscriptionTarget): boolean {
    const email = asEmailTarget(target);
    return email.confirmedAt === undefined || email.confirmedAt !== null;
  }

  codeSentAt(target: SubscriptionTarget): string | null {
    return asEmailTarget(target).codeSentAt ?? null;
  }

  withNewCode(
    target: SubscriptionTarget,
    now: string,
  ): { target: SubscriptionTarget; code: string } {
    const code = Array.from(
      { length: CODE_LENGTH },
      () => ALPHABET[randomInt(ALPHABET.length)],
    ).join('');
    const email: EmailTarget = {
      ...asEmailTarget(target),
      confirmedAt: null,
      codeHash: hashOf(code),
      codeSentAt: now,
      codeAttempts: 0,
    };
    return { target: { ...email }, code };
  }

  check(
    target: SubscriptionTarget,
    code: string,
    now: string,
  ): { target: SubscriptionTarget; outcome: 'confirmed' | 'wrong' | 'locked' } {
    const email = asEmailTarget(target);
    if (this.confirmed(target)) {
      return { target, outcome: 'confirmed' };
    }
    const attempts = email.codeAttempts ?? 0;
    if (email.codeHash === undefined || email.codeHash === null || attempts >= MAX_CODE_ATTEMPTS) {
      return { target, outcome: 'locked' };
    }
    if (sameHash(hashOf(code), email.codeHash)) {
      const confirmed: EmailTarget = { address: email.address, confirmedAt: now };
      return { target: { ...confirmed }, outcome: 'confirmed' };
    }
    return { target: { ...email, codeAttempts: attempts + 1 }, outcome: 'wrong' };
  }

  sendCode(target: SubscriptionTarget, code: string): Promise<boolean> {
    return this.mail(asEmailTarget(target).address, code);
  }
}
