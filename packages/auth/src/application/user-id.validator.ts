import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

/**
 * A user id: the same alphabet as a notification's recipientId, because the user is a path
 * segment (`/v1/users/{userId}/…`).
 */
export function IsUserId(): PropertyDecorator {
  const rules = [
    IsString(),
    IsNotEmpty(),
    MaxLength(200),
    Matches(/^[A-Za-z0-9._:@-]+$/, {
      message: 'userId may contain only letters, digits and . _ : @ -',
    }),
  ];
  return (target, property) => {
    for (const rule of rules) {
      rule(target, property);
    }
  };
}
