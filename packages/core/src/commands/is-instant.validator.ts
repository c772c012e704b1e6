import { ValidateBy, type ValidationOptions } from 'class-validator';
import { DURATION_EXAMPLES, parseDuration, parseInstant } from '../domain';

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

/**
 * A duration with its unit, such as `90s`, `1h30m` or `PT1H30M` (what `parseDuration` accepts
 * as text). A JSON number is refused: it carries no unit.
 */
export function IsDuration(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isDuration',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && accepts((v) => parseDuration(v as string), value),
        defaultMessage: (args) =>
          `${args?.property ?? 'value'} must be a duration with a unit: ${DURATION_EXAMPLES}`,
      },
    },
    options,
  );
}
