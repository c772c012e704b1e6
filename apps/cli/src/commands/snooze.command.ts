import { type Command } from 'commander';
import { type NotificationJson } from '@tickler/notifications';
import { contextOf } from '../command-context';

/** An instant is written with a date (`2026-12-24T09:00:00Z`); anything else is a duration. */
const INSTANT_TEXT = /^\d{4}-\d{2}-\d{2}T/;

/** `tickler snooze <inbox-id> <duration|instant>` — the same reminder again, later. */
export function snoozeCommand(program: Command): void {
  program
    .command('snooze')
    .description('snooze an inbox item: remind again after a duration (10m, 1h) or at an instant')
    .argument('<id>', 'the inbox item id (tickler inbox)')
    .argument('<when>', 'a duration with a unit (10m, 1h30m) or an RFC 3339 instant')
    .action(async (id: string, when: string, _options: unknown, command: Command) => {
      const ctx = contextOf(command);
      const body = INSTANT_TEXT.test(when) ? { until: when } : { for: when };
      const view = await ctx.client.call<NotificationJson>(
        'POST',
        `${ctx.userPath}/inbox/${encodeURIComponent(id)}/snooze`,
        body,
      );
      ctx.out.result(view, () => `Snoozed until ${view.scheduledAt ?? ''} as ${view.id}`);
    });
}
