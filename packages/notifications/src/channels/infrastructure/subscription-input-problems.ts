import { CommandValidationError, type FieldProblem } from '@tickler/core';

/** The command type subscription registrations are validated as (`RegisterSubscription`). */
const REGISTER_SUBSCRIPTION = 'notifications.subscriptions.register';

/** Throws one `CommandValidationError` (a 400 naming every field) when there are problems. */
export function throwIfProblems(problems: readonly FieldProblem[]): void {
  if (problems.length > 0) {
    throw new CommandValidationError(REGISTER_SUBSCRIPTION, problems);
  }
}

/** A plain JSON object (not null, not an array), or undefined. */
export function plainObject(value: unknown): Readonly<Record<string, unknown>> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Problems for every property of `value` that is not in `known` (at most 10 named). */
export function unknownProperties(
  value: Readonly<Record<string, unknown>>,
  known: readonly string[],
  prefix: string,
): FieldProblem[] {
  return Object.keys(value)
    .filter((key) => !known.includes(key))
    .slice(0, 10)
    .map((key) => ({ path: `${prefix}${key}`, message: `property ${key} should not exist` }));
}
