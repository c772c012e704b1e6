import { type Command } from 'commander';
import { type NotificationJson } from '@tickler/notifications';
import { contextOf } from '../command-context';
import { notificationDetail } from '../output/notification-text';
import { describeInstant } from '../time/format-instant';
import { resolveWhen } from '../time/resolve-when';
import { repeatOf } from '../time/repeat-option';

interface RemindOptions {
  at?: string;
  in?: string;
  url?: string;
  message?: string;
  channels?: string;
  every?: string;
  rrule?: string;
}

/** `tickler remind <text...> --at <when> | --in <duration> [--url] [--message]` */
export function remindCommand(program: Command): void {
  program
    .command('remind')
    .description('schedule a reminder (the resolved instant is echoed in local time and UTC first)')
    .argument('<text...>', 'what to be reminded of (the notification title)')
    .option(
      '--at <when>',
      'when, in your local time zone: "tomorrow 9am", "friday 18:00", or ISO 8601',
    )
    .option('--in <duration>', 'how long from now: 90s, 15m, 2h, 1h30m, 2d')
    .option('--every <repeat>', 'repeat: "weekday 09:00", "daily 8:30", "monthly last fri 17:00"')
    .option('--rrule <rule>', 'repeat by an RRULE, e.g. FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=9')
    .option('--url <link>', 'a link to open from the notification')
    .option('-m, --message <text>', 'a longer message', '')
    .option(
      '--channels <list>',
      'comma-separated: inbox, webhook, … (default: inbox + push + subscriptions marked default)',
    )
    .action(async (words: string[], options: RemindOptions, command: Command) => {
      const now = new Date();
      const repeat = repeatOf(options);
      // A series without --at/--in starts at the rule's first match from now (the daemon picks it).
      const at = resolveWhen(options, now, repeat !== undefined);
      const ctx = contextOf(command);
      ctx.out.note(
        at === undefined
          ? `Repeating ${repeat!.rule} (${repeat!.timeZone})`
          : `Scheduling for ${describeInstant(at)}`,
      );
      const delivery = await ctx.client.call<NotificationJson>(
        'POST',
        `${ctx.userPath}/notifications`,
        {
          title: words.join(' '),
          message: options.message ?? '',
          ...(at === undefined ? {} : { scheduledAt: at.toISOString() }),
          ...(repeat === undefined ? {} : { repeat }),
          ...(options.url === undefined ? {} : { url: options.url }),
          ...(options.channels === undefined
            ? {}
            : { channels: options.channels.split(',').map((c) => c.trim()) }),
        },
      );
      ctx.out.result(delivery, () => `Scheduled ${delivery.id}\n${notificationDetail(delivery)}`);
    });
}
