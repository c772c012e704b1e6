/**
 * An expected failure with a stable machine-readable `code` (e.g. `NOTIFICATIONS.ALREADY_SENT`).
 * Boundaries (HTTP, CLI) map codes to responses in one table; nothing else catches them.
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;
  /** Extra plain data a boundary may show (ids, states); never secrets. */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    message: string,
    details: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
    this.details = details;
  }
}

/** Input that parsed as JSON but makes no sense (e.g. a time that is not RFC 3339). */
export class InvalidArgumentError extends DomainError {
  readonly code = 'INVALID_ARGUMENT';

  constructor(
    /** Dotted path of the offending field, e.g. `scheduledAt`. */
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`, { field });
  }
}
