import { isEmail } from 'class-validator';
import {
  type PreparedTarget,
  type SubscriptionInput,
  type SubscriptionTarget,
} from '../../application/ports/delivery-channel.port';
import { throwIfProblems } from '../subscription-input-problems';

/** An email subscription as stored. */
export interface EmailTarget {
  /** `local@domain`, no display name. */
  readonly address: string;
  /**
   * When its owner typed back the code mailed to it; null: not yet (nothing is sent to it).
   * Absent on targets stored before confirmation existed: they count as confirmed.
   */
  readonly confirmedAt?: string | null;
  /** SHA-256 (hex) of the code last mailed, while unconfirmed. */
  readonly codeHash?: string | null;
  /** When that code was mailed (ISO UTC). */
  readonly codeSentAt?: string | null;
  /** Wrong codes typed since. */
  readonly codeAttempts?: number;
}

/** RFC 5321 §4.5.3.1: 64 for the local part, 254 for a whole forward path's address. */
export const EMAIL_ADDRESS_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

/** Why `value` cannot be an email address, or undefined. */
export function emailAddressProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') {
    return 'address must be a string';
  }
  if (value.length > EMAIL_ADDRESS_MAX_LENGTH) {
    return `address must be at most ${EMAIL_ADDRESS_MAX_LENGTH} characters`;
  }
  // CR/LF would start a new mail header (header injection); no control character has a place.
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(value)) {
    return 'address must not contain control characters or line breaks';
  }
  const at = value.lastIndexOf('@');
  if (at > LOCAL_PART_MAX_LENGTH) {
    return `the part before @ must be at most ${LOCAL_PART_MAX_LENGTH} characters`;
  }
  const valid = isEmail(value, {
    allow_display_name: false,
    allow_ip_domain: false,
    require_tld: true,
    allow_utf8_local_part: false,
  });
  return valid ? undefined : 'address must be an email address like name@example.org';
}

/**
 * The address with its domain in lower case: the subscription's identity (the local part may
 * be case-sensitive, RFC 5321 §2.4; the domain never is).
 */
function normalised(address: string): string {
  const at = address.lastIndexOf('@');
  return `${address.slice(0, at)}@${address.slice(at + 1).toLowerCase()}`;
}

/**
 * Validates `{"kind":"email","address":"…"}` (an address alone: no display name, no line
 * breaks, RFC 5321 lengths) and returns the stored target, keyed by the address. Email is in
 * the default set only when the subscription says `default: true`.
 */
export function prepareEmailTarget(input: SubscriptionInput): PreparedTarget {
  const problem = emailAddressProblem(input.address);
  throwIfProblems(problem === undefined ? [] : [{ path: 'address', message: problem }]);
  const address = normalised(input.address as string);
  const target: EmailTarget = { address, confirmedAt: null, codeHash: null, codeSentAt: null };
  return { targetKey: address, target: { ...target } };
}

/** A stored target read back as an email target. */
export function asEmailTarget(target: SubscriptionTarget): EmailTarget {
  if (typeof target.address !== 'string') {
    throw new TypeError('not an email target (address expected)');
  }
  const text = (key: string): string | null | undefined => {
    const value = target[key];
    return typeof value === 'string' || value === null ? value : undefined;
  };
  return {
    address: target.address,
    ...('confirmedAt' in target ? { confirmedAt: text('confirmedAt') ?? null } : {}),
    codeHash: text('codeHash') ?? null,
    codeSentAt: text('codeSentAt') ?? null,
    codeAttempts: typeof target.codeAttempts === 'number' ? target.codeAttempts : 0,
  };
}
