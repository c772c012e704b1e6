import path from 'node:path';
import { type Command, Option } from 'commander';
import { type CalendarSyncResult, type CalendarView } from '@tickler/calendar';
import { type HttpView } from '@tickler/notifications';
import { CliError } from '../cli.error';
import { contextOf, type CommandContext } from '../command-context';
import { idsMatching, isFullId, shortId } from '../ids/short-id';
import { renderTable } from '../output/table';
import { formatStored } from '../time/format-instant';

type CalendarJson = HttpView<CalendarView>;
type SyncJson = HttpView<CalendarSyncResult>;

/**
 * A source as the daemon wants it: a URL as given (`https:`, `webcal:`), anything else a file
 * path made absolute against this shell's folder (the daemon's own folder means nothing here).
 */
export function sourceArgument(text: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : path.resolve(text);
}

function state(c: CalendarJson): string {
  if (!c.enabled) {
    return 'off';
  }
  if (c.lastError !== null) {
    return `error: ${c.lastError}`;
  }
  return c.syncedAt === null ? 'not synced yet' : 'ok';
}

function calendarTable(items: readonly CalendarJson[]): string {
  return renderTable(
    ['id', 'name', 'source', 'lead', 'events', 'reminders', 'last reminded', 'state'],
    items.map((c) => [
      shortId(c.id),
      c.name,
      c.source,
      c.lead === '' ? 'alarms only' : c.lead,
      String(c.eventCount),
      String(c.reminderCount),
      formatStored(c.lastRemindedAt),
      state(c),
    ]),
  );
}

function syncLine(result: SyncJson): string {
  const c = result.calendar;
  const counts = result.reminders;
  const what = !result.changed
    ? 'unchanged'
    : counts === null
      ? 'status updated'
      : `${counts.created} new, ${counts.updated} moved, ${counts.withdrawn} withdrawn, ${counts.pruned} pruned`;
  const line = `synced ${shortId(c.id)}  ${c.name}: ${c.eventCount} events, ${c.reminderCount} reminders in the window (${what})`;
  return c.lastError === null ? line : `${line}\n${c.name}: ${c.lastError}`;
}

/** The full id a person's argument names: a full id, or the short form `list` prints. */
async function calendarIdOf(ctx: CommandContext, text: string): Promise<string> {
  if (isFullId(text)) {
    return text;
  }
  const list = await ctx.client.call<{ items: CalendarJson[] }>('GET', `${ctx.userPath}/calendars`);
  const matches = idsMatching(
    text,
    list.items.map((c) => c.id),
  );
  if (matches.length !== 1) {
    throw new CliError(
      matches.length === 0
        ? `no calendar ${text} (see tickler calendar list)`
        : `${text} names more than one calendar: give more of its id`,
      2,
    );
  }
  return matches[0]!;
}

async function sync(ctx: CommandContext, id: string): Promise<SyncJson> {
  return ctx.client.call<SyncJson>(
    'POST',
    `${ctx.userPath}/calendars/${encodeURIComponent(id)}/sync`,
  );
}

interface AddOptions {
  name: string;
  lead?: string[];
  timeZone?: string;
  allDayAt?: string;
}

/**
 * `tickler calendar add <file-or-url> --name <name> --lead <duration>` (synced at once),
 * `list`, `sync <id>`, `remove <id>`, `on|off <id>`, `feed [--revoke]`: a person's calendars,
 * whose events become reminders.
 */
export function calendarCommands(program: Command): void {
  const group = program
    .command('calendar')
    .description('calendars (.ics files or https URLs) whose events become reminders');
  group
    .command('add')
    .description('add a calendar and sync it at once')
    .argument('<file-or-url>', 'an .ics file, or an https (webcal) URL')
    .requiredOption('--name <name>', 'what the reminders are badged with')
    .addOption(
      new Option(
        '--lead <duration>',
        'remind this long before events without an alarm of their own (15m, 1h, lead:3600; repeat for several; "" = alarms only)',
      ).argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]),
    )
    .option('--time-zone <zone>', 'IANA zone of all-day events (default: your profile zone)')
    .option(
      '--all-day-at <HH:MM>',
      "an all-day event's reminder time, the day before (default 09:00)",
    )
    .action(async (source: string, options: AddOptions, command: Command) => {
      const ctx = contextOf(command);
      const added = await ctx.client.call<CalendarJson>('POST', `${ctx.userPath}/calendars`, {
        source: sourceArgument(source),
        name: options.name,
        ...(options.lead === undefined ? {} : { lead: options.lead.join(', ') }),
        ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
        ...(options.allDayAt === undefined ? {} : { allDayAt: options.allDayAt }),
      });
      const synced = await sync(ctx, added.id);
      ctx.out.result(
        synced,
        () => `added ${shortId(added.id)}  ${added.name}  ${added.source}\n${syncLine(synced)}`,
      );
    });
  group
    .command('list')
    .description('list the calendars: lead, events, reminders, last reminder, errors')
    .action(async (_options: unknown, command: Command) => {
      const ctx = contextOf(command);
      const list = await ctx.client.call<{ items: CalendarJson[] }>(
        'GET',
        `${ctx.userPath}/calendars`,
      );
      ctx.out.result(list, () =>
        list.items.length === 0 ? 'no calendars' : calendarTable(list.items),
      );
    });
  group
    .command('sync')
    .description('read a calendar again now (all of them without an id)')
    .argument('[id]')
    .action(async (text: string | undefined, _options: unknown, command: Command) => {
      const ctx = contextOf(command);
      const ids =
        text === undefined
          ? (
              await ctx.client.call<{ items: CalendarJson[] }>('GET', `${ctx.userPath}/calendars`)
            ).items
              .filter((c) => c.enabled)
              .map((c) => c.id)
          : [await calendarIdOf(ctx, text)];
      const results: SyncJson[] = [];
      for (const id of ids) {
        results.push(await sync(ctx, id));
      }
      ctx.out.result(results, () =>
        results.length === 0 ? 'no calendars' : results.map(syncLine).join('\n'),
      );
    });
  group
    .command('remove')
    .description('remove a calendar (its future reminders are withdrawn)')
    .argument('<id>')
    .action(async (text: string, _options: unknown, command: Command) => {
      const ctx = contextOf(command);
      const id = await calendarIdOf(ctx, text);
      await ctx.client.call<void>('DELETE', `${ctx.userPath}/calendars/${encodeURIComponent(id)}`);
      ctx.out.result({ removed: id }, () => `removed ${shortId(id)}`);
    });
  for (const [name, enabled] of [
    ['on', true],
    ['off', false],
  ] as const) {
    group
      .command(name)
      .description(
        enabled
          ? 'turn a calendar back on (synced again)'
          : 'turn a calendar off (its reminders are withdrawn)',
      )
      .argument('<id>')
      .action(async (text: string, _options: unknown, command: Command) => {
        const ctx = contextOf(command);
        const id = await calendarIdOf(ctx, text);
        const changed = await ctx.client.call<CalendarJson>(
          'PATCH',
          `${ctx.userPath}/calendars/${encodeURIComponent(id)}`,
          { enabled },
        );
        const synced = enabled ? await sync(ctx, id) : undefined;
        ctx.out.result(synced ?? changed, () =>
          synced ? syncLine(synced) : calendarTable([changed]),
        );
      });
  }
  group
    .command('feed')
    .description(
      'a private iCalendar feed of your reminders for any calendar app (a new URL each time)',
    )
    .option('--revoke', 'stop the feed: its URL answers 404 from now on')
    .action(async (options: { revoke?: boolean }, command: Command) => {
      const ctx = contextOf(command);
      if (options.revoke === true) {
        await ctx.client.call<void>('DELETE', `${ctx.userPath}/calendar-feed`);
        ctx.out.result({ revoked: true }, () => 'feed revoked');
        return;
      }
      const feed = await ctx.client.call<{ url: string }>('POST', `${ctx.userPath}/calendar-feed`);
      ctx.out.result(
        feed,
        () =>
          `${feed.url}\nSubscribe to it from your calendar app; anyone with the URL can read your reminders.`,
      );
    });
}
