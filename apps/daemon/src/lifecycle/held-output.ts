import { Writable } from 'node:stream';

/** Bytes of log kept while the readiness line is not out yet; more is counted, not kept. */
export const HELD_BYTES_LIMIT = 1024 * 1024;

/**
 * The daemon's stdout as its logger sees it: until {@link release} every write is held in
 * memory, so the readiness line is the first line on stdout whatever was logged during
 * start-up; {@link release} writes that line, then what was held, in order, then passes
 * writes through. A start that fails instead {@link divert}s what was held to stderr, where
 * the reason goes, and stdout stays empty. Errors of the real stdout (EPIPE: its reader is
 * gone) are this stream's errors, so the logger's handling of them is unchanged.
 */
export class HeldOutput extends Writable {
  private held: Buffer[] | undefined = [];
  private heldBytes = 0;
  private dropped = 0;

  constructor(private target: NodeJS.WritableStream) {
    super();
    target.on('error', (error: Error) => this.destroy(error));
  }

  override _write(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (error?: Error | null) => void,
  ): void {
    this._writev([{ chunk }], done);
  }

  /**
   * Lines logged while the previous write is still under way (a batch of 500 deliveries logs
   * 500 `delivered` lines in one go) reach the real stdout as one write, not one each: with
   * stdout a pipe every write is a system call, and one per line was a tenth of a PostgreSQL
   * drain's daemon CPU (issue 28). The order of lines is the order they were logged.
   */
  override _writev(
    chunks: readonly { chunk: Buffer }[],
    done: (error?: Error | null) => void,
  ): void {
    if (this.held === undefined) {
      const data =
        chunks.length === 1 ? chunks[0]!.chunk : Buffer.concat(chunks.map((c) => c.chunk));
      this.target.write(data, (error) => done(error ?? undefined));
      return;
    }
    for (const { chunk } of chunks) {
      this.hold(chunk);
    }
    done();
  }

  private hold(chunk: Buffer): void {
    if (this.held !== undefined && this.heldBytes + chunk.length <= HELD_BYTES_LIMIT) {
      this.held.push(chunk);
      this.heldBytes += chunk.length;
    } else {
      this.dropped++;
    }
  }

  /** Writes `firstLine`, then everything held, and from now on passes writes through. */
  release(firstLine: string): void {
    this.flush(firstLine);
  }

  /** Sends what was held (and every later write) to `other` instead: start-up failed. */
  divert(other: NodeJS.WritableStream): void {
    this.target = other;
    this.flush('');
  }

  private flush(first: string): void {
    const held = this.held;
    if (held === undefined) {
      return;
    }
    this.held = undefined;
    const dropped =
      this.dropped > 0
        ? `${JSON.stringify({ msg: 'start-up log lines dropped', count: this.dropped })}\n`
        : '';
    this.target.write(first + Buffer.concat(held).toString() + dropped);
  }
}
