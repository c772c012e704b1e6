import { type Command } from 'commander';
import { type InboxItemJson, type Page } from '@tickler/notifications';
import { contextOf } from '../command-context';
import { inboxTable } from '../output/notification-text';

interface InboxOptions {
  unread?: boolean;
  limit?: string;
  cursor?: string;
}

/** `tickler inbox [--unread] [--limit n] [--cursor c]` */
export function inboxCommand(program: Command): void {
  program
    .command('inbox')
    .description("show the user's inbox (delivered notifications)")
    .option('-u, --unread', 'only unread items')
    .option('-n, --limit <n>', 'page size')
    .option('--cursor <cursor>', 'continue from a previous page')
    .action(async (options: InboxOptions, command: Command) => {
      const ctx = contextOf(command);
      const query = new URLSearchParams();
      if (options.unread) {
        query.set('unreadOnly', 'true');
      }
      if (options.limit !== undefined) {
        query.set('limit', options.limit);
      }
      if (options.cursor !== undefined) {
        query.set('cursor', options.cursor);
      }
      const qs = query.size > 0 ? `?${query.toString()}` : '';
      const page = await ctx.client.call<Page<InboxItemJson>>('GET', `${ctx.userPath}/inbox${qs}`);
      ctx.out.result(page, () =>
        [
          inboxTable(page.items),
          ...(page.nextCursor ? [`more: tickler inbox --cursor ${page.nextCursor}`] : []),
        ].join('\n'),
      );
    });
}
