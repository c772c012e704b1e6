/** The configuration cannot be used; `key` names the offending variable or file. */
export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';

  constructor(
    readonly key: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${key}: ${message}`, options);
    this.name = 'ConfigError';
  }
}
