import {
  DEFAULT_MAX_ARRAY_ENTRIES,
  joinPath,
  type LimitShape,
  limitShapeOf,
  MAX_PAYLOAD_DEPTH,
  MAX_PAYLOAD_VALUES,
} from './payload-limits';
import { type FieldProblem } from './validation.error';

interface Frame {
  readonly isArray: boolean;
  readonly path: string;
  /** The class shape of this object, or of this array's entries. */
  readonly shape: LimitShape | undefined;
  readonly maxEntries: number;
  /** Commas seen: entries − 1 of a non-empty array. */
  commas: number;
  /**
   * The key of the value being read (objects), as where its bytes are: decoded only when a
   * nested value opens under it or a problem names it (a valid batch allocates nothing per key).
   */
  keyChunk: Uint8Array | undefined;
  keyStart: number;
  keyEnd: number;
  /** Bytes of a key that spanned chunks (rare), copied. */
  keySpill: number[] | undefined;
}

/** Bytes that mean something outside a string; everything else is skipped. */
const STRUCTURAL = new Uint8Array(256);
for (const c of '"{}[],:') {
  STRUCTURAL[c.charCodeAt(0)] = 1;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Bytes of a key kept to name a path in an error. */
const MAX_KEY_BYTES = 200;

/**
 * Scans JSON bytes as they arrive, for `commandClass`'s limits: an array over its field's
 * `@ArrayMaxSize` (or {@link DEFAULT_MAX_ARRAY_ENTRIES} where none is declared), nesting deeper
 * than {@link MAX_PAYLOAD_DEPTH}, or more than {@link MAX_PAYLOAD_VALUES} values. It reports the
 * first problem from the chunk that holds it, so a boundary can answer before the rest of an
 * 8 MiB body has even been received. Only ASCII structure is read (UTF-8 continuation bytes are
 * never ASCII); malformed JSON is left to the parser that follows.
 */
export class JsonLimitScanner {
  private readonly stack: Frame[] = [];
  private top: Frame | undefined;
  private values = 0;
  private expectKey = false;
  private inString = false;
  private escaped = false;
  /** Whether the open string is a key (its bytes are then remembered). */
  private readingKey = false;
  /** Where the key being read started in the current chunk, or -1 when it began in an earlier one. */
  private keyFrom = -1;
  private keySpill: number[] | undefined;
  private problem: FieldProblem | undefined;
  private readonly decoder = new TextDecoder();
  /**
   * The next backslash of the current chunk at or after the last search (-1: none left, -2: not
   * searched yet). Cached so that a chunk without escapes is searched once, not once per string.
   */
  private backslashAt = -2;

  constructor(private readonly commandClass: new () => object) {}

  /** Scans the next bytes; the first problem found so far, if any. */
  feed(chunk: Uint8Array): FieldProblem | undefined {
    this.backslashAt = -2;
    let i = 0;
    const end = chunk.length;
    if (this.inString && this.readingKey) {
      this.keyFrom = -1; // the key began in an earlier chunk: its bytes so far are spilled
    }
    while (i < end && this.problem === undefined) {
      if (this.inString) {
        i = this.skipString(chunk, i);
      } else {
        const c = chunk[i]!;
        if (STRUCTURAL[c] === 1) {
          this.structureByte(c, i);
        }
        i++;
      }
    }
    if (this.inString && this.readingKey) {
      this.spill(chunk, this.keyFrom === -1 ? 0 : this.keyFrom, end);
    }
    return this.problem;
  }

  /** Reads string bytes from `i` with native searches; the index after what it consumed. */
  private skipString(chunk: Uint8Array, i: number): number {
    let at = i;
    if (this.escaped) {
      this.escaped = false;
      at++;
    }
    // Each search starts past the previous find: linear however many escapes a string holds.
    let quote = chunk.indexOf(QUOTE, at);
    let backslash = this.nextBackslash(chunk, at);
    for (;;) {
      if (backslash !== -1 && (quote === -1 || backslash < quote)) {
        // An escape: keep it and the character it escapes (which may be in the next chunk).
        if (backslash + 1 >= chunk.length) {
          this.escaped = true;
          return chunk.length;
        }
        at = backslash + 2;
        if (quote !== -1 && quote < at) {
          quote = chunk.indexOf(QUOTE, at);
        }
        backslash = this.nextBackslash(chunk, at);
        continue;
      }
      if (quote === -1) {
        return chunk.length;
      }
      this.inString = false;
      if (this.readingKey && this.top !== undefined) {
        this.endKey(this.top, chunk, quote);
      }
      return quote + 1;
    }
  }

  private nextBackslash(chunk: Uint8Array, from: number): number {
    if (this.backslashAt === -2 || (this.backslashAt !== -1 && this.backslashAt < from)) {
      this.backslashAt = chunk.indexOf(BACKSLASH, from);
    }
    return this.backslashAt;
  }

  /** Remembers where a key ended: in this chunk, or spilled across chunks. */
  private endKey(frame: Frame, chunk: Uint8Array, end: number): void {
    this.readingKey = false;
    if (this.keyFrom === -1) {
      this.spill(chunk, 0, end);
      frame.keySpill = this.keySpill;
      frame.keyChunk = undefined;
    } else {
      frame.keyChunk = chunk;
      frame.keyStart = this.keyFrom;
      frame.keyEnd = end;
      frame.keySpill = undefined;
    }
    this.keySpill = undefined;
  }

  /** Copies key bytes of a key that spans chunks (up to {@link MAX_KEY_BYTES}). */
  private spill(chunk: Uint8Array, from: number, to: number): void {
    const kept = (this.keySpill ??= []);
    for (let j = from; j < to && kept.length < MAX_KEY_BYTES; j++) {
      kept.push(chunk[j]!);
    }
  }

  /** The text of a frame's current key. */
  private keyOf(frame: Frame): string {
    if (frame.keyChunk !== undefined) {
      const end = Math.min(frame.keyEnd, frame.keyStart + MAX_KEY_BYTES);
      return this.decoder.decode(frame.keyChunk.subarray(frame.keyStart, end));
    }
    return this.decoder.decode(new Uint8Array(frame.keySpill ?? []));
  }

  private structureByte(c: number, at: number): void {
    switch (c) {
      case QUOTE:
        this.inString = true;
        this.readingKey = this.top !== undefined && !this.top.isArray && this.expectKey;
        this.keyFrom = at + 1;
        this.keySpill = undefined;
        return;
      case 0x7b: // {
      case 0x5b: // [
        this.open(c === 0x5b);
        break;
      case 0x7d: // }
      case 0x5d: // ]
        this.stack.pop();
        this.top = this.stack[this.stack.length - 1];
        this.expectKey = false;
        break;
      case 0x2c: // ,
        this.comma();
        break;
      case 0x3a: // :
        this.expectKey = false;
        break;
      default:
        return;
    }
    if (this.problem === undefined && this.values > MAX_PAYLOAD_VALUES) {
      this.problem = {
        path: '',
        message: `the body holds more than ${MAX_PAYLOAD_VALUES} JSON values`,
      };
    }
  }

  private open(isArray: boolean): void {
    this.values++;
    const top = this.top;
    let path = '';
    let shape: LimitShape | undefined = limitShapeOf(this.commandClass);
    let maxEntries = DEFAULT_MAX_ARRAY_ENTRIES;
    if (top !== undefined) {
      if (top.isArray) {
        path = joinPath(top.path, top.commas);
        shape = top.shape;
      } else {
        const key = this.keyOf(top);
        path = joinPath(top.path, key);
        const field = top.shape?.fields.get(key);
        shape = field?.nested;
        maxEntries = field?.maxEntries ?? DEFAULT_MAX_ARRAY_ENTRIES;
      }
    }
    if (this.stack.length + 1 > MAX_PAYLOAD_DEPTH) {
      this.problem = {
        path,
        message: `${path || 'the body'} is nested deeper than ${MAX_PAYLOAD_DEPTH} levels`,
      };
      return;
    }
    this.top = {
      isArray,
      path,
      shape,
      maxEntries,
      commas: 0,
      keyChunk: undefined,
      keyStart: 0,
      keyEnd: 0,
      keySpill: undefined,
    };
    this.stack.push(this.top);
    this.expectKey = !isArray;
  }

  private comma(): void {
    const top = this.top;
    this.values++;
    if (top?.isArray) {
      top.commas++;
      if (top.commas >= top.maxEntries) {
        this.problem = {
          path: top.path,
          message: `${top.path || 'the body'} holds more than ${top.maxEntries} entries; at most ${top.maxEntries} are accepted`,
        };
      }
    } else {
      this.expectKey = true;
    }
  }
}

/** {@link JsonLimitScanner} over a whole text at once. */
export function scanJsonLimits(
  commandClass: new () => object,
  text: string,
): FieldProblem | undefined {
  return new JsonLimitScanner(commandClass).feed(new TextEncoder().encode(text));
}
