import { type Command } from 'commander';
import { type HttpView, type PreferencesView } from '@tickler/notifications';
import { CliError } from '../cli.error';
import { contextOf } from '../command-context';
import { renderTable } from '../output/table';

type PreferencesJson = HttpView<PreferencesView>;

interface SetOptions {
  source: string;
  channel: string[];
}

/** The switches as a table, and what holds for everything not listed. */
function preferencesText(p: PreferencesJson): string {
  const rest = `every other source and channel: ${p.defaultEnabled ? 'on' : 'off'}`;
  if (p.preferences.length === 0) {
    return `No switches set: ${rest}.`;
  }
  const table = renderTable(
    ['source', 'channel', 'state'],
    p.preferences.map((s) => [s.source, s.channel, s.enabled ? 'on' : 'off']),
  );
  return `${table}\n(${rest}; ${p.personSource} = reminders you made)`;
}

/** `on` | `off` → the switch. */
function stateOf(value: string): boolean {
  if (value === 'on' || value === 'off') {
    return value === 'on';
  }
  throw new CliError(`"${value}" is not on or off`, 2);
}

/**
 * `tickler preferences` (show) and `tickler preferences set --source <app> --channel <kind>
 * on|off`: the user's channel switches per source, applied when a reminder fires (a channel
 * turned off is not sent; a reminder with every channel off is settled missed, `preferences`).
 */
export function preferencesCommands(program: Command): void {
  const group = program
    .command('preferences')
    .description("the user's channel switches per source (app id, calendar, @person): show, set");
  group
    .command('show', { isDefault: true })
    .description('show the switches set (everything else is on)')
    .action(async (_options: unknown, command: Command) => {
      const ctx = contextOf(command);
      const p = await ctx.client.call<PreferencesJson>('GET', `${ctx.userPath}/preferences`);
      ctx.out.result(p, () => preferencesText(p));
    });
  group
    .command('set')
    .description('turn channels on or off for one source')
    .requiredOption('--source <app>', "the reminders' source app (calendar, an app id) or @person")
    .requiredOption(
      '--channel <kind>',
      'a channel kind (inbox, push, email, webhook, ntfy); repeat for several',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .argument('<state>', 'on or off')
    .action(async (state: string, options: SetOptions, command: Command) => {
      const enabled = stateOf(state);
      const ctx = contextOf(command);
      const p = await ctx.client.call<PreferencesJson>('PUT', `${ctx.userPath}/preferences`, {
        preferences: options.channel.map((channel) => ({
          source: options.source,
          channel,
          enabled,
        })),
      });
      ctx.out.result(p, () => preferencesText(p));
    });
}
