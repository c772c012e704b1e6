import { type Command } from 'commander';
import { type NotificationJson } from '@tickler/notifications';
import { contextOf } from '../command-context';
import { resolveId } from '../ids/resolve-id';
import { shortId } from '../ids/short-id';
import { formatShort } from '../time/format-instant';

/** An instant is written with a date (`2026-12-24T09:00:00Z`); anything else is a duration. */
const INSTANT_TEXT = /^\d{4}-\d{2}-\d{2}T/;

/** `tickler snooze <inbox-id> <duration|instant>` — the same reminder again, later. */
export function snoozeCommand(program: Command): void {
  program
    .command('snooze')
    .description('snooze an inbox item: remind again after a duration (10m, 1h) or at an instant')
    .argument('<id>', 'the inbox item id: the 6 characters tickler inbox shows, or full')
    .argument('<when>', 'a duration with a unit (10m, 1h30m) or an RFC 3339 instant')
    .action(async (id: string, when: string, _options: unknown, command: Command) => {
      const ctx = contextOf(command);
      // The short id `inbox` prints is resolved like everywhere else (issue 31: the README's
      // own `snooze 8e01f4 10m` was a 404).
      const fullId = await resolveId(ctx, 'inbox item', { id });
      const body = INSTANT_TEXT.test(when) ? { until: when } : { for: when };
      const view = await ctx.client.call<NotificationJson>(
        'POST',
        `${ctx.userPath}/inbox/${encodeURIComponent(fullId)}/snooze`,
        body,
      );
      const at =
        view.scheduledAt === null ? '' : formatShort(new Date(view.scheduledAt), new Date());
      ctx.out.result(view, () => `snoozed ${shortId(view.id)}  ${at}  ${view.title}`);
    });
}
