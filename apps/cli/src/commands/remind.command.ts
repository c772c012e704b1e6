import { type Command } from 'commander';
import { type NotificationJson } from '@tickler/notifications';
import { contextOf } from '../command-context';
import { notificationLine } from '../output/notification-line';
import { notificationDetail } from '../output/notification-text';
import { describeInstant } from '../time/format-instant';
import { resolveWhen } from '../time/resolve-when';

interface RemindOptions {
  at?: string;
  in?: string;
  url?: string;
  message?: string;
  channels?: string;
}

/** `tickler remind <text...> --at <when> | --in <duration> [--url] [--message]` */
export function remindCommand(program: Command): void {
  program
    .command('remind')
    .description(
      'schedule a reminder; prints one line (--verbose: the instant in local time and UTC, every field)',
    )
    .argument('<text...>', 'what to be reminded of (the notification title)')
    .option(
      '--at <when>',
      'when, in your local time zone: "tomorrow 9am", "friday 18:00", or ISO 8601',
    )
    .option('--in <duration>', 'how long from now: 90s, 15m, 2h, 1h30m, 2d')
    .option('--url <link>', 'a link to open from the notification')
    .option('-m, --message <text>', 'a longer message', '')
    .option(
      '--channels <list>',
      'comma-separated: inbox, webhook, … (default: inbox + push + subscriptions marked default)',
    )
    .action(async (words: string[], options: RemindOptions, command: Command) => {
      const now = new Date();
      const at = resolveWhen(options, now, false)!;
      const ctx = contextOf(command);
      if (ctx.verbose) {
        ctx.out.note(`Scheduling for ${describeInstant(at)}`);
      }
      const delivery = await ctx.client.call<NotificationJson>(
        'POST',
        `${ctx.userPath}/notifications`,
        {
          title: words.join(' '),
          message: options.message ?? '',
          scheduledAt: at.toISOString(),
          ...(options.url === undefined ? {} : { url: options.url }),
          ...(options.channels === undefined
            ? {}
            : { channels: options.channels.split(',').map((c) => c.trim()) }),
        },
      );
      ctx.out.result(delivery, () =>
        ctx.verbose
          ? `Scheduled ${delivery.id}\n${notificationDetail(delivery)}`
          : notificationLine(delivery, now),
      );
    });
}
