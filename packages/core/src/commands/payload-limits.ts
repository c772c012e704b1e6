import { getMetadataStorage } from 'class-validator';
import { builtClass } from './accepted-as-is';
import { type FieldProblem, MAX_LISTED_PROBLEMS } from './validation.error';

/** Deepest nesting of objects and arrays a command payload may have (the body is level 1). */
export const MAX_PAYLOAD_DEPTH = 32;

/** Entries an array may hold when its field declares no `@ArrayMaxSize` (or is no array field). */
export const DEFAULT_MAX_ARRAY_ENTRIES = 100;

/**
 * JSON values (objects, arrays, strings, numbers…) one payload may hold: a full batch of 10,000
 * sends with every optional field is about 160,000. Bounds the work of parsing a body whose every
 * array is within its limit.
 */
export const MAX_PAYLOAD_VALUES = 200_000;

/** Limits of one field. */
export interface FieldLimits {
  /** `@ArrayMaxSize` of the field, if it declares one. */
  readonly maxEntries: number | undefined;
  /** The class class-transformer builds for the field's objects (`@Type`), if any. */
  readonly nested: LimitShape | undefined;
}

/** Limits of a class's fields. */
export interface LimitShape {
  readonly fields: ReadonlyMap<string, FieldLimits>;
}

const shapes = new Map<new () => object, LimitShape>();

/** Array limits of a class's fields, from class-validator's metadata (built once per class). */
export function limitShapeOf(targetClass: new () => object): LimitShape {
  const known = shapes.get(targetClass);
  if (known !== undefined) {
    return known;
  }
  const fields = new Map<string, FieldLimits>();
  const shape: LimitShape = { fields };
  shapes.set(targetClass, shape); // a class nested in itself ends here
  const storage = getMetadataStorage();
  const metadatas = storage.getTargetValidationMetadatas(targetClass, '', true, false);
  for (const [name, list] of Object.entries(storage.groupByPropertyName(metadatas))) {
    let maxEntries: number | undefined;
    let nestedClass: (new () => object) | undefined;
    for (const metadata of list) {
      const names = metadata.constraintCls
        ? storage.getTargetValidatorConstraints(metadata.constraintCls).map((c) => c.name)
        : [];
      if (names.includes('arrayMaxSize')) {
        maxEntries = Number(metadata.constraints[0]);
      }
      if (metadata.type === 'nestedValidation') {
        nestedClass = builtClass(targetClass, name);
      }
    }
    fields.set(name, {
      maxEntries,
      nested: nestedClass === undefined ? undefined : limitShapeOf(nestedClass),
    });
  }
  return shape;
}

/** A dotted path (`items.3.source`). */
export function joinPath(path: string, key: string | number): string {
  return path === '' ? String(key) : `${path}.${key}`;
}

/**
 * Walks a value without building anything: every array within its limit, nesting within
 * {@link MAX_PAYLOAD_DEPTH}. Stops descending where a limit is broken, so the work is bounded
 * by the limits, not by the payload. The path is kept as a stack and joined only for a problem
 * (a valid 10,000-entry batch builds no strings).
 */
function visit(
  value: object,
  shape: LimitShape | undefined,
  maxEntries: number,
  path: (string | number)[],
  out: FieldProblem[],
): void {
  if (out.length >= MAX_LISTED_PROBLEMS) {
    return;
  }
  const depth = path.length + 1;
  if (depth > MAX_PAYLOAD_DEPTH) {
    const at = path.join('.');
    out.push({
      path: at,
      message: `${at || 'the body'} is nested deeper than ${MAX_PAYLOAD_DEPTH} levels`,
    });
    return;
  }
  if (Array.isArray(value)) {
    if (value.length > maxEntries) {
      const at = path.join('.');
      out.push({
        path: at,
        message: `${at || 'the body'} holds ${value.length} entries; at most ${maxEntries} are accepted`,
      });
      return;
    }
    for (let i = 0; i < value.length; i++) {
      const entry: unknown = value[i];
      if (entry !== null && typeof entry === 'object') {
        path.push(i);
        visit(entry, shape, DEFAULT_MAX_ARRAY_ENTRIES, path, out);
        path.pop();
      }
    }
    return;
  }
  for (const key in value) {
    const child: unknown = (value as Record<string, unknown>)[key];
    if (child !== null && typeof child === 'object' && Object.hasOwn(value, key)) {
      const field = shape?.fields.get(key);
      path.push(key);
      visit(child, field?.nested, field?.maxEntries ?? DEFAULT_MAX_ARRAY_ENTRIES, path, out);
      path.pop();
    }
  }
}

/**
 * Size problems of a command payload (plain data or a constructed command), found before any
 * per-item work: class-transformer would build every entry of an oversized array, and
 * class-validator check each, before `@ArrayMaxSize` is even asked. Limits come from the same
 * decorators (`@ArrayMaxSize`, `@Type`), so there is one source; an array a field does not
 * declare may hold {@link DEFAULT_MAX_ARRAY_ENTRIES}.
 */
export function payloadLimitProblems(
  commandClass: new () => object,
  payload: unknown,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (payload !== null && typeof payload === 'object') {
    visit(payload, limitShapeOf(commandClass), DEFAULT_MAX_ARRAY_ENTRIES, [], problems);
  }
  return problems;
}

/** The largest `@ArrayMaxSize` of a class and its nested classes (what a raw-body scan may allow). */
export function largestArrayLimit(commandClass: new () => object): number {
  const seen = new Set<LimitShape>();
  const largest = (shape: LimitShape): number => {
    if (seen.has(shape)) {
      return DEFAULT_MAX_ARRAY_ENTRIES;
    }
    seen.add(shape);
    let max = DEFAULT_MAX_ARRAY_ENTRIES;
    for (const field of shape.fields.values()) {
      max = Math.max(max, field.maxEntries ?? 0, field.nested ? largest(field.nested) : 0);
    }
    return max;
  };
  return largest(limitShapeOf(commandClass));
}
