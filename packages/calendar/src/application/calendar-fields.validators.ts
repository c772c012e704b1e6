import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

function all(rules: PropertyDecorator[]): PropertyDecorator {
  return (target, property) => {
    for (const rule of rules) {
      rule(target, property);
    }
  };
}

/** The person (the HTTP API's `userId`): the notifications context's recipient id rule. */
export function IsRecipientId(): PropertyDecorator {
  return all([
    IsString(),
    IsNotEmpty(),
    MaxLength(200),
    Matches(/^[A-Za-z0-9._:@-]+$/, {
      message: 'recipientId may contain only letters, digits and . _ : @ -',
    }),
  ]);
}

/** A calendar's id as received from outside. */
export function IsCalendarId(): PropertyDecorator {
  return all([IsString(), IsNotEmpty(), MaxLength(64)]);
}

/** `HH:MM` on a 24-hour clock. */
export function IsTimeOfDay(): PropertyDecorator {
  return all([
    IsString(),
    Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: '$property must be a time of day like 09:00' }),
  ]);
}
