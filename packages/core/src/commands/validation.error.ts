import { type ValidationError as ClassValidatorError } from 'class-validator';
import { DomainError } from '../domain';

/** One rejected field: a dotted path (`planned.3.scheduledAt`) and what is wrong with it. */
export interface FieldProblem {
  readonly path: string;
  readonly message: string;
}

/**
 * Most problems one validation error lists; the rest are counted in `omitted`. A body with
 * 10,000 bad entries must not become a megabyte of errors (nor a stack overflow building it).
 */
export const MAX_LISTED_PROBLEMS = 100;

/** Problems spelled out in the error's message (all of them are in `fields`). */
const PROBLEMS_IN_MESSAGE = 5;

/** A command (or body) failed validation; `fields` names every bad field (up to a cap). */
export class CommandValidationError extends DomainError {
  readonly code = 'VALIDATION_FAILED';
  /** At most {@link MAX_LISTED_PROBLEMS} problems. */
  readonly fields: readonly FieldProblem[];
  /** Problems found beyond those listed. */
  readonly omitted: number;

  constructor(
    readonly commandType: string,
    fields: readonly FieldProblem[],
    omitted = 0,
  ) {
    const listed = fields.slice(0, MAX_LISTED_PROBLEMS);
    const more = omitted + fields.length - listed.length;
    const shown = listed.slice(0, PROBLEMS_IN_MESSAGE).map((f) => `${f.path}: ${f.message}`);
    const rest = more + listed.length - shown.length;
    super(`invalid ${commandType}: ${shown.join('; ')}${rest > 0 ? `; and ${rest} more` : ''}`, {
      fields: listed,
    });
    this.fields = listed;
    this.omitted = more;
  }
}

/**
 * Flattens class-validator's tree into one problem per failed constraint, with full paths:
 * at most `limit` of them, and how many more there were. Iterative (a deep tree is no stack
 * risk) and without spreading large arrays into calls.
 */
export function flattenValidationErrors(
  errors: readonly ClassValidatorError[],
  limit = MAX_LISTED_PROBLEMS,
): { problems: FieldProblem[]; omitted: number } {
  const problems: FieldProblem[] = [];
  let omitted = 0;
  // Depth-first in document order: a stack of (error, parent path), reversed on push.
  const stack: { error: ClassValidatorError; prefix: string }[] = [];
  for (let i = errors.length - 1; i >= 0; i--) {
    stack.push({ error: errors[i]!, prefix: '' });
  }
  while (stack.length > 0) {
    const { error, prefix } = stack.pop()!;
    // class-validator leaves `property` undefined when the value itself is rejected (e.g. a
    // nested plain object it cannot match to a class): the problem belongs to the parent path.
    const own =
      error.property === undefined || error.property === null ? '' : String(error.property);
    const path = prefix && own ? `${prefix}.${own}` : prefix || own;
    for (const message of Object.values(error.constraints ?? {})) {
      if (problems.length < limit) {
        problems.push({ path, message });
      } else {
        omitted++;
      }
    }
    const children = error.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) {
      stack.push({ error: children[i]!, prefix: path });
    }
  }
  return { problems, omitted };
}
