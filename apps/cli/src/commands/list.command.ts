import { type Command } from 'commander';
import { type NotificationJson, type Page } from '@tickler/notifications';
import { contextOf } from '../command-context';
import { notificationTable } from '../output/notification-text';

interface ListOptions {
  status?: string;
  limit?: string;
  cursor?: string;
}

/** `tickler list [--status <status>] [--limit <n>] [--cursor <c>]` */
export function listCommand(program: Command): void {
  program
    .command('list')
    .description("list the user's notifications, ordered by scheduled time")
    .option('-s, --status <status>', 'only this status: scheduled, sent, canceled, missed, failed')
    .option('-n, --limit <n>', 'page size')
    .option('--cursor <cursor>', 'continue from a previous page')
    .action(async (options: ListOptions, command: Command) => {
      const ctx = contextOf(command);
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(options)) {
        if (typeof value === 'string') {
          query.set(key, value);
        }
      }
      const qs = query.size > 0 ? `?${query.toString()}` : '';
      const page = await ctx.client.call<Page<NotificationJson>>(
        'GET',
        `${ctx.userPath}/notifications${qs}`,
      );
      ctx.out.result(page, () =>
        [
          notificationTable(page.items),
          ...(page.nextCursor ? [`more: tickler list --cursor ${page.nextCursor}`] : []),
        ].join('\n'),
      );
    });
}
