import { type Command, type CommanderError } from 'commander';

/** commander error codes that mean "the command line is wrong" (exit 2, one line). */
const USAGE_CODES = new Set([
  'commander.unknownOption',
  'commander.unknownCommand',
  'commander.missingArgument',
  'commander.optionMissingArgument',
  'commander.missingMandatoryOptionValue',
  'commander.excessArguments',
  'commander.invalidArgument',
  'commander.conflictingOption',
]);

/** Whether commander refused the command line itself (as opposed to help or version). */
export function isUsageError(error: CommanderError): boolean {
  return USAGE_CODES.has(error.code);
}

/**
 * The command path the words name (`tickler token issue`), so the hint points at the help
 * that explains the mistake rather than the whole program's.
 */
export function commandPathOf(program: Command, words: readonly string[]): string {
  const names = [program.name()];
  let current = program;
  for (const word of words) {
    const next = current.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (next) {
      names.push(next.name());
      current = next;
    }
  }
  return names.join(' ');
}

/**
 * commander's message (`error: unknown option '--x'\n(Did you mean --json?)`) as one line,
 * with a hint naming the help to read: `unknown option '--x' (did you mean --json?); see
 * tickler remind --help`.
 */
export function usageLine(message: string, commandPath: string): string {
  const text = message
    .replace(/^error:\s*/i, '')
    .split('\n')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part, i) => (i === 0 ? part : `(${part.replace(/^\((.*)\)$/, '$1').replace(/^D/, 'd')})`))
    .join(' ')
    .replace(/\.$/, '');
  return `${text}; see ${commandPath} --help`;
}
