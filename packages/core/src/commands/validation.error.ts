import { type ValidationError as ClassValidatorError } from 'class-validator';
import { DomainError } from '../domain';

/** One rejected field: a dotted path (`planned.3.scheduledAt`) and what is wrong with it. */
export interface FieldProblem {
  readonly path: string;
  readonly message: string;
}

/** A command (or body) failed validation; `fields` names every bad field. */
export class CommandValidationError extends DomainError {
  readonly code = 'VALIDATION_FAILED';

  constructor(
    readonly commandType: string,
    readonly fields: readonly FieldProblem[],
  ) {
    super(`invalid ${commandType}: ${fields.map((f) => `${f.path}: ${f.message}`).join('; ')}`, {
      fields,
    });
  }
}

/** Flattens class-validator's tree into one problem per failed constraint, with full paths. */
export function flattenValidationErrors(
  errors: readonly ClassValidatorError[],
  prefix = '',
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const error of errors) {
    // class-validator leaves `property` undefined when the value itself is rejected (e.g. a
    // nested plain object it cannot match to a class): the problem belongs to the parent path.
    const own =
      error.property === undefined || error.property === null ? '' : String(error.property);
    const path = prefix && own ? `${prefix}.${own}` : prefix || own;
    for (const message of Object.values(error.constraints ?? {})) {
      problems.push({ path, message });
    }
    if (error.children && error.children.length > 0) {
      problems.push(...flattenValidationErrors(error.children, path));
    }
  }
  return problems;
}
