import { ValidateBy, type ValidationOptions } from 'class-validator';
import { isTimeZone } from '../domain';

/**
 * An IANA time zone name (`Europe/Berlin`, `UTC`) — what `assertTimeZone` accepts. UTC
 * offsets (`+02:00`) are refused: they cannot follow daylight saving time. Handlers normalise
 * the spelling with `assertTimeZone`; this makes the bus refuse bad names up front.
 */
export function IsTimeZone(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isTimeZone',
      validator: {
        validate: (value: unknown) => isTimeZone(value),
        defaultMessage: (args) =>
          `${args?.property ?? 'value'} must be an IANA time zone name such as Europe/Berlin or America/New_York`,
      },
    },
    options,
  );
}
