import { type Command } from 'commander';
import { type NotificationJson, type Page } from '@tickler/notifications';
import { contextOf } from '../command-context';
import { renderTable } from '../output/table';
import { formatStored } from '../time/format-instant';

interface MissedOptions {
  limit?: string;
  cursor?: string;
}

/** The missed reminders as a table: when each was due, why it was not sent, what it said. */
function missedTable(items: readonly NotificationJson[]): string {
  if (items.length === 0) {
    return 'no missed reminders';
  }
  return renderTable(
    ['ID', 'WAS DUE (local)', 'WHY', 'TITLE'],
    items.map((n) => [n.id, formatStored(n.scheduledAt), n.missedReason ?? '-', n.title]),
  );
}

/**
 * `tickler missed [--limit n] [--cursor c]`: the reminders settled `missed` — above all those
 * found due past the grace window after the daemon (or the machine) was off (`too-late`).
 */
export function missedCommand(program: Command): void {
  program
    .command('missed')
    .description(
      'list reminders that were missed (due while Tickler was off for longer than the grace window, or past their event), by due time',
    )
    .option('-n, --limit <n>', 'page size')
    .option('--cursor <cursor>', 'continue from a previous page')
    .action(async (options: MissedOptions, command: Command) => {
      const ctx = contextOf(command);
      const query = new URLSearchParams({ status: 'missed' });
      if (options.limit !== undefined) {
        query.set('limit', options.limit);
      }
      if (options.cursor !== undefined) {
        query.set('cursor', options.cursor);
      }
      const page = await ctx.client.call<Page<NotificationJson>>(
        'GET',
        `${ctx.userPath}/notifications?${query.toString()}`,
      );
      // The hint keeps the page size it was given.
      const more = options.limit === undefined ? '' : ` --limit ${options.limit}`;
      ctx.out.result(page, () =>
        [
          missedTable(page.items),
          ...(page.nextCursor ? [`more: tickler missed${more} --cursor ${page.nextCursor}`] : []),
        ].join('\n'),
      );
    });
}
