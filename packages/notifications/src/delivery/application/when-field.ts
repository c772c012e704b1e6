import { CommandValidationError, type FieldProblem } from '@tickler/core';
import { type ResolvedWhen, resolveWhen } from '@tickler/time';

/** The fields of a create or an edit that say when it goes out. */
export interface WhenFields {
  readonly when?: string | undefined;
  readonly timeZone?: string | undefined;
  readonly scheduledAt?: string | undefined;
}

/**
 * Refuses the combinations that are ambiguous, naming the fields (400): `when` and `scheduledAt`
 * together (which one wins?), and `timeZone` without `when` (it reads only `when`; taking it
 * silently would let a client believe it moved `scheduledAt` or a series).
 */
export function checkWhenFields(commandType: string, fields: WhenFields): void {
  const problems: FieldProblem[] = [];
  if (fields.when !== undefined && fields.scheduledAt !== undefined) {
    const message = 'give when or scheduledAt, not both';
    problems.push({ path: 'when', message }, { path: 'scheduledAt', message });
  }
  if (fields.timeZone !== undefined && fields.when === undefined) {
    problems.push({
      path: 'timeZone',
      message: 'timeZone is the zone `when` is read in: give it with when (or use repeat.timeZone)',
    });
  }
  if (problems.length > 0) {
    throw new CommandValidationError(commandType, problems);
  }
}

/**
 * `when` resolved by the same rule as the CLI and `POST /v1/time/parse` ({@link resolveWhen}:
 * partly understood text and a time not after `now` are 400 naming `when`), in `timeZone` or,
 * without one, the recipient's zone (`recipientZone`, the profile's). Undefined without `when`.
 */
export async function resolveWhenField(
  fields: WhenFields,
  now: string,
  recipientZone: () => Promise<string>,
): Promise<ResolvedWhen | undefined> {
  if (fields.when === undefined) {
    return undefined;
  }
  const timeZone = fields.timeZone ?? (await recipientZone());
  return resolveWhen(fields.when, { timeZone, now });
}
