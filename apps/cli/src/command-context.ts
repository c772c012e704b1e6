import { type Command } from 'commander';
import { DaemonClient } from './client/daemon-client';
import { type Connection, describeConnection, resolveConnection } from './client/connection';
import { createOutput, type Output } from './output/output';

/** Options every command accepts (declared once on the program). */
export interface GlobalOptions {
  daemon?: string;
  token?: string;
  user: string;
  json: boolean;
  verbose: boolean;
}

/** What a command's action works with. */
export interface CommandContext {
  readonly client: DaemonClient;
  /** Which daemon and token the client uses (`open` signs the browser in through it). */
  readonly connection: Connection;
  readonly out: Output;
  /** The user whose notifications and inbox the command acts on. */
  readonly user: string;
  /** `/v1/users/{user}` with the user encoded. */
  readonly userPath: string;
  /** `--verbose`: every field and the resolved instant, not just the one-line result. */
  readonly verbose: boolean;
}

/** Builds the context from a command's own and global options. */
export function contextOf(command: Command): CommandContext {
  const options = command.optsWithGlobals<GlobalOptions>();
  const out = createOutput(options.json);
  // An empty TICKLER_USER counts as unset.
  const user = options.user || 'me';
  const connection = resolveConnection({ daemon: options.daemon, token: options.token });
  if (options.verbose) {
    process.stderr.write(`tickler: daemon ${describeConnection(connection)}\n`);
  }
  const client = new DaemonClient(connection);
  return {
    client,
    connection,
    out,
    user,
    userPath: `/v1/users/${encodeURIComponent(user)}`,
    verbose: options.verbose,
  };
}
