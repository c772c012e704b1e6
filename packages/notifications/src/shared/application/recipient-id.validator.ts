import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

/** The recipient (user) id rule shared by every command: short, URL-path safe. */
export function IsRecipientId(): PropertyDecorator {
  const rules = [
    IsString(),
    IsNotEmpty(),
    MaxLength(200),
    Matches(/^[A-Za-z0-9._:@-]+$/, {
      message: 'recipientId may contain only letters, digits and . _ : @ -',
    }),
  ];
  return (target, property) => {
    for (const rule of rules) {
      rule(target, property);
    }
  };
}

/** An entity id as received from outside (delivery, inbox item, subscription). */
export function IsEntityId(): PropertyDecorator {
  const rules = [IsString(), IsNotEmpty(), MaxLength(200)];
  return (target, property) => {
    for (const rule of rules) {
      rule(target, property);
    }
  };
}
