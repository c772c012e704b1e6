import { type Command } from 'commander';

/** Options of a command that acts on one notification: `--last` instead of the `[id]`. */
export interface LastOption {
  last?: boolean;
}

/** Adds `[id]` (short or full) and `--last` to a command that acts on one notification. */
export function withIdArgument(command: Command, what = 'notification'): Command {
  return command
    .argument('[id]', `${what} id: the 6 characters tickler list shows (4–12 hex digits), or full`)
    .option('--last', `the most recently created ${what}`);
}
