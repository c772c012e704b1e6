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
  /** The key of the value being read (objects). */
  key: string;
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
  /** The key being read, when the open string is one. */
  private keyBytes: number[] | undefined;
  private problem: FieldProblem | undefined;
  private readonly decoder = new TextDecoder();

  constructor(private readonly commandClass: new () => object) {}

  /** Scans the next bytes; the first problem found so far, if any. */
  feed(chunk: Uint8Array): FieldProblem | undefined {
    for (let i = 0; i < chunk.length && this.problem === undefined; i++) {
      const c = chunk[i]!;
      if (this.inString) {
        this.stringByte(c);
      } else {
        this.structureByte(c);
      }
    }
    return this.problem;
  }

  private stringByte(c: number): void {
    if (this.escaped) {
      this.escaped = false;
    } else if (c === BACKSLASH) {
      this.escaped = true;
    } else if (c === QUOTE) {
      this.inString = false;
      if (this.keyBytes !== undefined && this.top !== undefined) {
        this.top.key = this.decoder.decode(new Uint8Array(this.keyBytes));
        this.keyBytes = undefined;
      }
      return;
    }
    if (this.keyBytes !== undefined && this.keyBytes.length < MAX_KEY_BYTES) {
      this.keyBytes.push(c);
    }
  }

  private structureByte(c: number): void {
    switch (c) {
      case QUOTE:
        this.inString = true;
        this.keyBytes =
          this.top !== undefined && !this.top.isArray && this.expectKey ? [] : undefined;
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
        path = joinPath(top.path, top.key);
        const field = top.shape?.fields.get(top.key);
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
    this.top = { isArray, path, shape, maxEntries, commas: 0, key: '' };
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
