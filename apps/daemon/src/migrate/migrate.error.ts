import { DomainError } from '@tickler/core';

/**
 * A reason the copy cannot go ahead, for the person: one line. The `migrate` subcommand prints
 * it on stderr; `POST /v1/admin/migrate` answers it (422, or 400 naming the field).
 */
export class MigrateError extends DomainError {
  readonly code = 'MIGRATE.REFUSED';

  constructor(
    message: string,
    /** Exit status of the `migrate` subcommand: 1 = the copy failed, 2 = bad input. */
    readonly exitCode = 1,
    /** The request field at fault (bad input only), as the body names it. */
    readonly field?: string,
    /** What is wrong with that field, without its name. */
    readonly reason?: string,
  ) {
    super(message);
  }
}
