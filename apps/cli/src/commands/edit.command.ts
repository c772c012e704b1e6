import { type Command } from 'commander';
import { type NotificationJson } from '@tickler/notifications';
import { CliError } from '../cli.error';
import { contextOf } from '../command-context';
import { type LastOption, withIdArgument } from '../ids/id-argument';
import { resolveId } from '../ids/resolve-id';
import { notificationLine } from '../output/notification-line';
import { notificationDetail } from '../output/notification-text';
import { describeInstant } from '../time/format-instant';
import { adoptProfileZone } from '../time/profile-zone';
import { resolveWhenWithNotes } from '../time/resolve-when';
import { firstOccurrenceFrom, repeatOf } from '../time/repeat-option';

interface EditOptions extends LastOption {
  title?: string;
  message?: string;
  url?: string;
  at?: string;
  in?: string;
  every?: string;
  rrule?: string;
  series?: boolean;
}

/**
 * `tickler edit <id> | --last [--title] [--message] [--url] [--at | --in] [--every | --rrule]`
 * (only while scheduled). `--every`/`--rrule` read as in `remind`: without `--at`/`--in` the
 * series starts at the rule's first match from now (a one-off becomes occurrence 1 of a series;
 * a series restarts there).
 */
export function editCommand(program: Command): void {
  withIdArgument(program.command('edit').description('change a scheduled notification'))
    .option('--title <text>', 'new title')
    .option('-m, --message <text>', 'new message')
    .option('--url <link>', 'new link')
    .option('--at <when>', 'new time, in your profile’s time zone (else this machine’s)')
    .option('--in <duration>', 'new time, from now')
    .option(
      '--every <repeat>',
      'repeat from now on: "weekday 09:00", "daily 8:30", "monthly 1 9am"',
    )
    .option('--rrule <rule>', 'repeat by an RRULE, e.g. FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=9')
    .option('--series', 'of a repeating reminder, change the series (default: this occurrence)')
    .action(async (id: string | undefined, options: EditOptions, command: Command) => {
      const now = new Date();
      const changing = ['title', 'message', 'url', 'at', 'in', 'every', 'rrule'] as const;
      if (!changing.some((name) => options[name] !== undefined)) {
        throw new CliError(
          'nothing to change: give --title, --message, --url, --at, --in, --every or --rrule',
          2,
        );
      }
      const ctx = contextOf(command);
      // Local times are read in the profile's zone (issue 31), like `remind`.
      await adoptProfileZone(ctx);
      const resolved = resolveWhenWithNotes(options, now, true);
      const repeat = repeatOf(options, resolved?.at ?? now);
      const at =
        resolved?.at ?? (repeat === undefined ? undefined : firstOccurrenceFrom(repeat, now));
      const patch = {
        ...(options.title === undefined ? {} : { title: options.title }),
        ...(options.message === undefined ? {} : { message: options.message }),
        ...(options.url === undefined ? {} : { url: options.url }),
        ...(at === undefined ? {} : { scheduledAt: at.toISOString() }),
        ...(repeat === undefined ? {} : { repeat }),
      };
      const scope = options.series === true ? { scope: 'series' } : {};
      const fullId = await resolveId(ctx, 'notification', { id, last: options.last });
      resolved?.notes.forEach((note) => ctx.out.warn(note));
      if (at && ctx.verbose) {
        ctx.out.note(`Rescheduling for ${describeInstant(at)}`);
      }
      const delivery = await ctx.client.call<NotificationJson>(
        'PATCH',
        `${ctx.userPath}/notifications/${encodeURIComponent(fullId)}`,
        { ...patch, ...scope },
      );
      ctx.out.result(delivery, () =>
        ctx.verbose
          ? `Updated ${delivery.id}\n${notificationDetail(delivery)}`
          : notificationLine(delivery, new Date()),
      );
    });
}
