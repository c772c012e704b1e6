import { CommanderError } from 'commander';
import { CliError } from './cli.error';
import { buildProgram } from './program';

/**
 * Runs the CLI on `argv` as Node gives it (`[node, script, ...words]`); every failure ends as
 * one line on stderr and a non-zero `process.exitCode`.
 */
export async function runCli(argv: readonly string[]): Promise<void> {
  try {
    await buildProgram().parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // commander has already printed its message (and help for usage errors).
      process.exitCode = error.exitCode;
      return;
    }
    if (error instanceof CliError) {
      process.stderr.write(`tickler: ${error.message}\n`);
      process.exitCode = error.exitCode;
      return;
    }
    process.stderr.write(`tickler: unexpected error: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
