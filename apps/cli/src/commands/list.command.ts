import { type Command } from 'commander';
import { type NotificationJson, type Page } from '@tickler/notifications';
import { CliError } from '../cli.error';
import { contextOf } from '../command-context';
import { notificationTable } from '../output/notification-text';
import { shellWords } from '../output/shell-words';
import { resolveSince } from '../time/resolve-since';

interface ListOptions {
  all?: boolean;
  status?: string;
  since?: string;
  limit?: string;
  cursor?: string;
}

/** The query the options ask for: upcoming (scheduled) unless `--all` or `--status`. */
function queryOf(options: ListOptions, now: Date): URLSearchParams {
  if (options.all && options.status !== undefined) {
    throw new CliError('give --all or --status, not both', 2);
  }
  const query = new URLSearchParams();
  if (!options.all) {
    query.set('status', options.status ?? 'scheduled');
  }
  if (options.since !== undefined) {
    query.set('since', resolveSince(options.since, now).toISOString());
  }
  if (options.limit !== undefined) {
    query.set('limit', options.limit);
  }
  if (options.cursor !== undefined) {
    query.set('cursor', options.cursor);
  }
  return query;
}

/**
 * The command that shows the next page: every filter this one was given (as typed, except
 * `--since`, pinned to the instant it resolved to so the pages do not drift), and the cursor.
 */
function nextPageCommand(
  options: ListOptions,
  query: URLSearchParams,
  user: string,
  cursor: string,
): string {
  const words = ['tickler'];
  if (user !== 'me') {
    words.push('--user', user);
  }
  words.push('list');
  if (options.all) {
    words.push('--all');
  }
  if (options.status !== undefined) {
    words.push('--status', options.status);
  }
  const since = query.get('since');
  if (since !== null) {
    words.push('--since', since);
  }
  if (options.limit !== undefined) {
    words.push('--limit', options.limit);
  }
  words.push('--cursor', cursor);
  return shellWords(words);
}

/** `tickler list [--all | --status <status>] [--since <when>] [--limit <n>] [--cursor <c>]` */
export function listCommand(program: Command): void {
  program
    .command('list')
    .description('list upcoming reminders, soonest first (--all: every status)')
    .option('-a, --all', 'every status, not just upcoming')
    .option('-s, --status <status>', 'only this status: scheduled, sent, canceled, missed, failed')
    .option('--since <when>', 'only from then on: 2d (back from now), 2026-12-01, or ISO 8601')
    .option('-n, --limit <n>', 'page size')
    .option('--cursor <cursor>', 'continue from a previous page')
    .action(async (options: ListOptions, command: Command) => {
      const query = queryOf(options, new Date());
      const ctx = contextOf(command);
      const page = await ctx.client.call<Page<NotificationJson>>(
        'GET',
        `${ctx.userPath}/notifications?${query.toString()}`,
      );
      ctx.out.result(page, () =>
        [
          page.items.length === 0 && !options.all && options.status === undefined
            ? 'no upcoming reminders (tickler list --all shows the others)'
            : notificationTable(page.items),
          ...(page.nextCursor
            ? [`more: ${nextPageCommand(options, query, ctx.user, page.nextCursor)}`]
            : []),
        ].join('\n'),
      );
    });
}
