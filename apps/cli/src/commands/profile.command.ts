import { type Command } from 'commander';
import { type RecipientProfileView } from '@tickler/notifications';
import { CliError } from '../cli.error';
import { contextOf } from '../command-context';

interface ProfileOptions {
  tz?: string;
  quiet?: string;
  quietDays?: string;
  inboxOnTime?: string;
  lead?: string;
  digest?: string;
}

/** Words that turn a setting off (`--quiet off`). */
const OFF = new Set(['off', 'none']);

/** `--quiet 22:00-07:00` (or `off`) → the body's `quietHours`; days from `--quiet-days MO,TU`. */
function quietHours(range: string, days: string | undefined): unknown {
  if (OFF.has(range)) {
    return null;
  }
  const [start, end, ...rest] = range.split('-');
  if (start === undefined || end === undefined || rest.length > 0) {
    throw new CliError(`--quiet: "${range}" is not START-END, e.g. 22:00-07:00 (or off)`, 2);
  }
  return {
    start: start.trim(),
    end: end.trim(),
    ...(days === undefined ? {} : { days: days.split(',').map((d) => d.trim().toUpperCase()) }),
  };
}

/** `--digest tick` | `--digest 08:00` (daily at that local time) | `--digest off`. */
function digest(value: string): unknown {
  if (OFF.has(value)) {
    return null;
  }
  return value === 'tick' ? { mode: 'tick' } : { mode: 'daily', at: value };
}

/** `--inbox-on-time on|off`. */
function onOff(value: string, flag: string): boolean {
  if (value === 'on' || value === 'off') {
    return value === 'on';
  }
  throw new CliError(`${flag}: "${value}" is not on or off`, 2);
}

/** The body of a PUT from the flags given (an empty object: nothing to change, just show). */
function changesOf(o: ProfileOptions): Record<string, unknown> {
  if (o.quietDays !== undefined && (o.quiet === undefined || OFF.has(o.quiet))) {
    throw new CliError('--quiet-days needs --quiet START-END', 2);
  }
  const body: Record<string, unknown> = {};
  if (o.tz !== undefined) body.timeZone = OFF.has(o.tz) ? null : o.tz;
  if (o.quiet !== undefined) body.quietHours = quietHours(o.quiet, o.quietDays);
  if (o.inboxOnTime !== undefined) body.inboxOnTime = onOff(o.inboxOnTime, '--inbox-on-time');
  if (o.lead !== undefined) body.defaultLead = OFF.has(o.lead) ? null : o.lead;
  if (o.digest !== undefined) body.digest = digest(o.digest);
  return body;
}

/** The profile as aligned lines. */
function profileText(p: RecipientProfileView): string {
  const quiet = p.quietHours
    ? `${p.quietHours.start}-${p.quietHours.end}${p.quietHours.days ? ` (${p.quietHours.days.join(',')})` : ''}`
    : 'off';
  const dig =
    p.digest === null ? 'off' : p.digest.mode === 'tick' ? 'each tick' : `daily at ${p.digest.at}`;
  return [
    `time zone      ${p.timeZone ?? 'UTC (not set)'}`,
    `quiet hours    ${quiet}`,
    `inbox on time  ${p.inboxOnTime ? 'on' : 'off'}`,
    `default lead   ${p.defaultLead ?? 'off'}`,
    `digest         ${dig}`,
  ].join('\n');
}

/** `tickler profile [--tz Europe/Berlin] [--quiet 22:00-07:00 [--quiet-days FR,SA]] …` */
export function profileCommand(program: Command): void {
  program
    .command('profile')
    .description(
      "show the user's profile, or change it with the flags given (off clears a setting)",
    )
    .option('--tz <zone>', 'IANA time zone, e.g. Europe/Berlin')
    .option('--quiet <start-end>', 'quiet hours in local time, e.g. 22:00-07:00')
    .option('--quiet-days <days>', 'days the quiet window starts on, e.g. MO,TU,WE,TH,FR')
    .option('--inbox-on-time <on|off>', 'write the inbox row on time inside quiet hours')
    .option('--lead <duration>', 'default lead for reminders given only an event time, e.g. 15m')
    .option('--digest <tick|HH:MM|off>', 'one message per tick, or daily at a local time')
    .action(async (options: ProfileOptions, command: Command) => {
      const ctx = contextOf(command);
      const body = changesOf(options);
      const path = `${ctx.userPath}/profile`;
      const profile =
        Object.keys(body).length === 0
          ? await ctx.client.call<RecipientProfileView>('GET', path)
          : await ctx.client.call<RecipientProfileView>('PUT', path, body);
      ctx.out.result(profile, () => profileText(profile));
    });
}
