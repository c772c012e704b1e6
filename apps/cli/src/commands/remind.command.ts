import { type Command } from 'commander';
import { type NotificationJson } from '@tickler/notifications';
import { contextOf, type GlobalOptions } from '../command-context';
import { createOutput } from '../output/output';
import { notificationLine } from '../output/notification-line';
import { notificationDetail } from '../output/notification-text';
import { describeInstant, formatShort } from '../time/format-instant';
import { relativeTime } from '../time/relative-time';
import { adoptProfileZone } from '../time/profile-zone';
import { resolveWhenWithNotes } from '../time/resolve-when';
import { repeatOf } from '../time/repeat-option';
import { quietHoursNote } from '../output/quiet-hours-note';
import { escalationFields, type EscalationOptions } from './escalation-options';

interface RemindOptions extends EscalationOptions {
  at?: string;
  in?: string;
  url?: string;
  message?: string;
  channels?: string;
  dryRun?: boolean;
  every?: string;
  rrule?: string;
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
      'when, in your profile’s time zone (else this machine’s): "tomorrow 9am", "friday 18:00", or ISO 8601',
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
    .option(
      '--escalate <after:channel>',
      'still unread this long after it fired: send it by that channel too, e.g. 1h:email (1m to 7d)',
    )
    .option(
      '--fallback <channel>',
      'a send of it failed for good (retries spent, a permanent refusal): send it by this channel instead',
    )
    .option('--dry-run', 'resolve the time and print what would be scheduled; schedule nothing')
    .action(async (words: string[], options: RemindOptions, command: Command) => {
      const now = new Date();
      // Local times are read in the profile's zone; a dry run needs no daemon, so it keeps the
      // machine's (and says which it used in its output).
      const ctx = options.dryRun ? undefined : contextOf(command);
      const profile = ctx === undefined ? undefined : await adoptProfileZone(ctx);
      if (options.every !== undefined && options.rrule !== undefined) {
        repeatOf(options); // the usage error, before any time is read
      }
      // A series without --at/--in starts at the rule's first match from now (the daemon picks it).
      const resolved = resolveWhenWithNotes(
        options,
        now,
        options.every !== undefined || options.rrule !== undefined,
      );
      const at = resolved?.at;
      const repeat = repeatOf(options, at ?? now);
      const notes = resolved?.notes ?? [];
      const title = words.join(' ');
      const escalation = escalationFields(options);
      if (options.dryRun) {
        // Nothing is sent, so no daemon (nor token) is needed: a preview works anywhere.
        const { json, verbose } = command.optsWithGlobals<GlobalOptions>();
        const out = createOutput(json);
        notes.forEach((note) => out.warn(note));
        out.result(
          {
            dryRun: true,
            title,
            ...(at === undefined
              ? {}
              : { scheduledAt: at.toISOString(), local: describeInstant(at) }),
            ...(repeat === undefined ? {} : { repeat }),
          },
          () =>
            at === undefined
              ? `would repeat  ${repeat!.rule} (${repeat!.timeZone})  ${title}`
              : `${verbose ? `${describeInstant(at)}\n` : ''}would schedule  ${formatShort(at, now)} (${relativeTime(at, now)})  ${title}`,
        );
        return;
      }
      if (ctx === undefined) {
        return;
      }
      notes.forEach((note) => ctx.out.warn(note));
      if (ctx.verbose) {
        ctx.out.note(
          at === undefined
            ? `Repeating ${repeat!.rule} (${repeat!.timeZone})`
            : `Scheduling for ${describeInstant(at)}`,
        );
      }
      const delivery = await ctx.client.call<NotificationJson>(
        'POST',
        `${ctx.userPath}/notifications`,
        {
          title,
          message: options.message ?? '',
          ...(at === undefined ? {} : { scheduledAt: at.toISOString() }),
          ...(repeat === undefined ? {} : { repeat }),
          ...(options.url === undefined ? {} : { url: options.url }),
          ...(options.channels === undefined
            ? {}
            : { channels: options.channels.split(',').map((c) => c.trim()) }),
          ...escalation,
        },
      );
      const held = quietHoursNote(delivery, profile, now);
      if (held !== undefined) {
        ctx.out.warn(held);
      }
      ctx.out.result(delivery, () =>
        ctx.verbose
          ? `Scheduled ${delivery.id}\n${notificationDetail(delivery)}`
          : notificationLine(delivery, now),
      );
    });
}
