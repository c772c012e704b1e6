import { randomBytes } from 'node:crypto';
import { injectable } from 'inversify';

/** Source of new ids, injected so the domain never makes its own. */
export interface IdGenerator {
  /** A new globally unique, lexicographically time-ordered id (UUIDv7 text). */
  next(): string;
}

/**
 * UUIDv7 (RFC 9562): 48-bit millisecond timestamp + random bits, with a monotonic counter so
 * ids made in the same millisecond still sort in creation order (useful for cursors and for
 * index locality on insert).
 */
@injectable()
export class UuidV7Generator implements IdGenerator {
  private lastMs = 0;
  private counter = 0;

  next(): string {
    let ms = Date.now();
    if (ms <= this.lastMs) {
      ms = this.lastMs;
      this.counter++;
      if (this.counter > 0xfff) {
        this.lastMs = ++ms;
        this.counter = 0;
      }
    } else {
      this.lastMs = ms;
      this.counter = randomBytes(2).readUInt16BE(0) & 0x3ff;
    }
    const bytes = randomBytes(16);
    bytes.writeUIntBE(ms, 0, 6);
    bytes[6] = 0x70 | ((this.counter >> 8) & 0x0f);
    bytes[7] = this.counter & 0xff;
    bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}
