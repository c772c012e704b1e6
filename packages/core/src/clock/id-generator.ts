import { randomFillSync } from 'node:crypto';
import { injectable } from 'inversify';

/** Source of new ids, injected so the domain never makes its own. */
export interface IdGenerator {
  /** A new globally unique, lexicographically time-ordered id (UUIDv7 text). */
  next(): string;
}

/** Random bytes fetched from the OS per refill: 256 ids' worth. */
const POOL_BYTES = 4096;

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * UUIDv7 (RFC 9562): 48-bit millisecond timestamp + random bits, with a monotonic counter so
 * ids made in the same millisecond still sort in creation order (useful for cursors and for
 * index locality on insert).
 *
 * The random bits come from a pool refilled 4 KiB at a time: one `randomBytes` call per id
 * cost ~6 % of a whole `SendNotification` (profile in docs/benchmarks.md), the pool makes it
 * noise. Pooled bytes are still CSPRNG output and each byte is used once.
 */
@injectable()
export class UuidV7Generator implements IdGenerator {
  private lastMs = 0;
  private counter = 0;
  private readonly pool = Buffer.allocUnsafe(POOL_BYTES);
  private offset = POOL_BYTES;

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
      // Start each millisecond at a random point of the lower half: unpredictable, and leaves
      // room for ≥ 3k more ids in the same millisecond before the counter carries over.
      this.counter = this.randomByte() | ((this.randomByte() & 0x03) << 8);
    }
    const r = this.take(8);
    const pool = this.pool;
    return (
      HEX[Math.floor(ms / 2 ** 40) & 0xff] +
      (HEX[Math.floor(ms / 2 ** 32) & 0xff] as string) +
      (HEX[(ms >>> 24) & 0xff] as string) +
      (HEX[(ms >>> 16) & 0xff] as string) +
      '-' +
      (HEX[(ms >>> 8) & 0xff] as string) +
      (HEX[ms & 0xff] as string) +
      '-' +
      (HEX[0x70 | ((this.counter >> 8) & 0x0f)] as string) +
      (HEX[this.counter & 0xff] as string) +
      '-' +
      (HEX[0x80 | ((pool[r] as number) & 0x3f)] as string) +
      (HEX[pool[r + 1] as number] as string) +
      '-' +
      (HEX[pool[r + 2] as number] as string) +
      (HEX[pool[r + 3] as number] as string) +
      (HEX[pool[r + 4] as number] as string) +
      (HEX[pool[r + 5] as number] as string) +
      (HEX[pool[r + 6] as number] as string) +
      (HEX[pool[r + 7] as number] as string)
    );
  }

  private randomByte(): number {
    return this.pool[this.take(1)] as number;
  }

  /** Reserves `n` unused random bytes of the pool; returns their offset. */
  private take(n: number): number {
    if (this.offset + n > POOL_BYTES) {
      randomFillSync(this.pool);
      this.offset = 0;
    }
    const at = this.offset;
    this.offset += n;
    return at;
  }
}
