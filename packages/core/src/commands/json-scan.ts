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

/**
 * The first size problem of a JSON text for `commandClass`, found by scanning the text before
 * anything is parsed: an array over its field's `@ArrayMaxSize` (or {@link DEFAULT_MAX_ARRAY_ENTRIES}
 * where none is declared), nesting deeper than {@link MAX_PAYLOAD_DEPTH}, or more than
 * {@link MAX_PAYLOAD_VALUES} values. Stops at the first problem, so an 8 MiB body of empty
 * entries is refused after reading just past the limit, in well under a millisecond per
 * thousand entries, where `JSON.parse` alone would take half a second and gigabytes. Malformed
 * JSON is left to the parser that follows.
 */
export function scanJsonLimits(
  commandClass: new () => object,
  text: string,
): FieldProblem | undefined {
  const stack: Frame[] = [];
  let values = 0;
  let top: Frame | undefined;
  let expectKey = false;
  const end = text.length;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i + 1;
      for (i = start; i < end; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) {
          i++;
        } else if (d === QUOTE) {
          break;
        }
      }
      if (top !== undefined && !top.isArray && expectKey) {
        // Escapes stay as written: the key only names a path in an error.
        top.key = text.slice(start, Math.min(i, start + 200));
      }
      continue;
    }
    switch (c) {
      case 0x7b: // {
      case 0x5b: {
        // [
        values++;
        let path = '';
        let shape: LimitShape | undefined = limitShapeOf(commandClass);
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
        if (stack.length + 1 > MAX_PAYLOAD_DEPTH) {
          return {
            path,
            message: `${path || 'the body'} is nested deeper than ${MAX_PAYLOAD_DEPTH} levels`,
          };
        }
        top = { isArray: c === 0x5b, path, shape, maxEntries, commas: 0, key: '' };
        stack.push(top);
        expectKey = c === 0x7b;
        break;
      }
      case 0x7d: // }
      case 0x5d: // ]
        stack.pop();
        top = stack[stack.length - 1];
        expectKey = false;
        break;
      case 0x2c: // ,
        if (top?.isArray) {
          top.commas++;
          if (top.commas >= top.maxEntries) {
            return {
              path: top.path,
              message: `${top.path || 'the body'} holds more than ${top.maxEntries} entries; at most ${top.maxEntries} are accepted`,
            };
          }
        } else {
          expectKey = true;
        }
        values++;
        break;
      case 0x3a: // :
        expectKey = false;
        break;
      default:
        break;
    }
    if (values > MAX_PAYLOAD_VALUES) {
      return {
        path: '',
        message: `the body holds more than ${MAX_PAYLOAD_VALUES} JSON values`,
      };
    }
  }
  return undefined;
}
