import { type Command } from 'commander';
import { CliError } from '../cli.error';
import { type CommandContext, contextOf } from '../command-context';
import { renderTable } from '../output/table';
import {
  ESCALATION_CHANNEL,
  type EscalateBody,
  escalateOf,
  escalationText,
  inboxStateOf,
  namingTheFlag,
  type PreferencesJson,
} from './preference-escalation';

interface SetOptions {
  source: string;
  channel?: string[];
  /** `--escalate <after:channel>`: the text; `--no-escalate`: false; neither: undefined. */
  escalate?: string | false;
}

/** One entry of the PUT body. */
interface SwitchBody {
  source: string;
  channel: string;
  enabled: boolean;
  escalate?: EscalateBody;
}

/** The switches as a table, and what holds for everything not listed. */
function preferencesText(p: PreferencesJson): string {
  const rest = `every other source and channel: ${p.defaultEnabled ? 'on' : 'off'}`;
  if (p.preferences.length === 0) {
    return `No switches set: ${rest}.`;
  }
  const table = renderTable(
    ['source', 'channel', 'state', 'escalation'],
    p.preferences.map((s) => [
      s.source,
      s.channel,
      s.enabled ? 'on' : 'off',
      escalationText(s.escalate),
    ]),
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

/** The command line makes sense: a state with its channels, or an escalation, or both. */
function checkUsage(channels: readonly string[], enabled: boolean | undefined, escalate: unknown) {
  if (enabled !== undefined && channels.length === 0) {
    throw new CliError('on/off needs --channel <kind>: the channel to turn on or off', 2);
  }
  if (enabled === undefined && channels.length > 0) {
    throw new CliError('--channel needs a state after it: on or off', 2);
  }
  if (enabled === undefined && escalate === undefined) {
    throw new CliError(
      'nothing to set: give --channel <kind> on|off, --escalate <after>:<channel> or --no-escalate',
      2,
    );
  }
}

/**
 * The PUT body's entries: one per channel named, and the source's inbox switch carrying the
 * escalation (read first when not named, so that its state is sent back unchanged).
 */
async function switchesFor(
  ctx: CommandContext,
  options: SetOptions,
  enabled: boolean | undefined,
  escalate: EscalateBody | undefined,
): Promise<SwitchBody[]> {
  const { source } = options;
  const switches: SwitchBody[] =
    enabled === undefined
      ? []
      : (options.channel ?? []).map((channel) => ({ source, channel, enabled }));
  if (escalate === undefined) {
    return switches;
  }
  const inbox = switches.find((s) => s.channel === ESCALATION_CHANNEL);
  if (inbox !== undefined) {
    inbox.escalate = escalate;
    return switches;
  }
  const current = await ctx.client.call<PreferencesJson>('GET', `${ctx.userPath}/preferences`);
  return [
    ...switches,
    { source, channel: ESCALATION_CHANNEL, enabled: inboxStateOf(current, source), escalate },
  ];
}

/**
 * `tickler preferences` (show) and `tickler preferences set --source <app> [--channel <kind>
 * on|off] [--escalate <after>:<channel> | --no-escalate]`: the user's channel switches per
 * source, applied when a reminder fires (a channel turned off is not sent; a reminder with every
 * channel off is settled missed, `preferences`), and the source's escalation (still unread
 * `after` its firing, sent again by `channel`; kept on the source's inbox switch).
 */
export function preferencesCommands(program: Command): void {
  const group = program
    .command('preferences')
    .description(
      "the user's channel switches and escalation per source (app id, calendar, @person): show, set",
    );
  group
    .command('show', { isDefault: true })
    .description('show the switches set (everything else is on) and each source’s escalation')
    .action(async (_options: unknown, command: Command) => {
      const ctx = contextOf(command);
      const p = await ctx.client.call<PreferencesJson>('GET', `${ctx.userPath}/preferences`);
      ctx.out.result(p, () => preferencesText(p));
    });
  group
    .command('set')
    .description('turn channels on or off for one source, and set or clear its escalation')
    .requiredOption('--source <app>', "the reminders' source app (calendar, an app id) or @person")
    .option(
      '--channel <kind>',
      'a channel kind (inbox, push, email, webhook, ntfy); repeat for several; give on or off',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option(
      '--escalate <after:channel>',
      "still unread this long after firing, the source's reminders that carry no escalation of their own are sent again by that channel, e.g. 1h:email (1m to 7d)",
    )
    .option('--no-escalate', "clear the source's escalation")
    .argument('[state]', 'on or off, for the --channel kinds')
    .action(async (state: string | undefined, options: SetOptions, command: Command) => {
      const enabled = state === undefined ? undefined : stateOf(state);
      const escalate = escalateOf(options.escalate);
      checkUsage(options.channel ?? [], enabled, escalate);
      const ctx = contextOf(command);
      const preferences = await switchesFor(ctx, options, enabled, escalate);
      const p = await ctx.client
        .call<PreferencesJson>('PUT', `${ctx.userPath}/preferences`, { preferences })
        .catch((error: unknown) => {
          throw namingTheFlag(error, options.escalate);
        });
      ctx.out.result(p, () => preferencesText(p));
    });
}
