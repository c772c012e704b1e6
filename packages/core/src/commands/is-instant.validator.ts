import { ValidateBy, type ValidationOptions } from 'class-validator';
import { parseDuration, parseInstant } from '../domain';

function accepts(parse: (v: unknown) => unknown, value: unknown): boolean {
  try {
    parse(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * An RFC 3339 date-time with an offset, within 1970–9999 (what `parseInstant` accepts).
 * Handlers normalise with `parseInstant`; this only makes the bus reject bad text up front
 * with the field's name.
 */
export function IsInstant(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isInstant',
      validator: {
        validate: (value: unknown) => accepts((v) => parseInstant(v), value),
        defaultMessage: (args) =>
          `${args?.property ?? 'value'} must be an RFC 3339 date-time with an offset, e.g. 2026-09-10T08:30:00Z`,
      },
    },
    options,
  );
}

/** A duration such as `30s`, `12h`, `1h30m` (what `parseDuration` accepts). */
export function IsDuration(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isDuration',
      validator: {
        validate: (value: unknown) =>
          (typeof value === 'string' || typeof value === 'number') &&
          accepts((v) => parseDuration(v as string), value),
        defaultMessage: (args) =>
          `${args?.property ?? 'value'} must be a duration like 30s, 1m, 12h or 1h30m`,
      },
    },
    options,
  );
}
