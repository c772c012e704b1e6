import { subscriptionCommands } from './commands/subscriptions.command';
import { calendarCommands } from './commands/calendar.command';
import { Command, Option } from 'commander';
import { deleteCommand } from './commands/delete.command';
import { deliverDueCommand } from './commands/deliver-due.command';
import { readDoneCommands } from './commands/read-done.command';
import { editCommand } from './commands/edit.command';
import { inboxCommand } from './commands/inbox.command';
import { listCommand } from './commands/list.command';
import { preferencesCommands } from './commands/preferences.command';
import { profileCommand } from './commands/profile.command';
import { remindCommand } from './commands/remind.command';
import { showCommand } from './commands/show.command';
import { snoozeCommand } from './commands/snooze.command';
import { tokenCommands } from './commands/token.command';
import { transitionCommands } from './commands/transition.command';
import { watchCommand } from './commands/watch.command';
import { missedCommand } from './commands/missed.command';
import { mcpCommand } from './commands/mcp.command';
import { openCommand } from './commands/open.command';
import { migrateCommand } from './commands/migrate.command';

/** The `tickler` program: global options once, one file per command. */
export function buildProgram(): Command {
  const program = new Command('tickler')
    .description('Remind-me-later notifications, through a running Tickler daemon.')
    .version('0.1.0')
    .addOption(
      new Option('--daemon <url>', 'daemon address (default: from TICKLER_HOST/TICKLER_PORT)').env(
        'TICKLER_URL',
      ),
    )
    .addOption(
      new Option(
        '--token <token>',
        'bearer token (default: TICKLER_ADMIN_TOKEN, else admin.token beside TICKLER_DB)',
      ),
    )
    .addOption(new Option('--user <id>', 'whose notifications').env('TICKLER_USER').default('me'))
    .option('--json', 'machine-readable JSON on stdout', false)
    .option('--verbose', 'every field, the resolved instant and the daemon used', false)
    // commander would print its own message (and the whole help after it); runCli prints one
    // line with a hint instead (the message travels on the thrown CommanderError). Set before
    // the commands are added: each copies the program's output settings when created.
    .configureOutput({ outputError: () => undefined })
    .exitOverride();
  remindCommand(program);
  listCommand(program);
  showCommand(program);
  transitionCommands(program);
  editCommand(program);
  deleteCommand(program);
  readDoneCommands(program);
  inboxCommand(program);
  deliverDueCommand(program);
  tokenCommands(program);
  subscriptionCommands(program);
  profileCommand(program);
  preferencesCommands(program);
  watchCommand(program);
  snoozeCommand(program);
  missedCommand(program);
  mcpCommand(program);
  openCommand(program);
  migrateCommand(program);
  calendarCommands(program);
  return program;
}
