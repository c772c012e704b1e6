/** A failure the CLI reports as one line on stderr with a non-zero exit status. */
export class CliError extends Error {
  constructor(
    message: string,
    /** Process exit status. 1 = the request failed, 2 = bad usage. */
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
