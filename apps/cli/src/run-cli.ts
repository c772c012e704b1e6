import { CommanderError } from 'commander';
import { CliError } from './cli.error';
import { buildProgram } from './program';
import { commandPathOf, isUsageError, usageLine } from './usage-error';

/**
 * Runs the CLI on `argv` as Node gives it (`[node, script, ...words]`); every failure ends as
 * one line on stderr and a non-zero `process.exitCode`: 2 for a command line that is wrong
 * (commander's own usage errors included), 1 for a request that failed.
 */
export async function runCli(argv: readonly string[]): Promise<void> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      if (isUsageError(error)) {
        const path = commandPathOf(program, argv.slice(2));
        process.stderr.write(`tickler: ${usageLine(error.message, path)}\n`);
        process.exitCode = 2;
        return;
      }
      // Help or --version: commander has printed it.
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
