import { type Command } from 'commander';
import { type InboxItemJson, type NotificationJson } from '@tickler/notifications';
import { CliError } from '../cli.error';
import { type CommandContext, contextOf } from '../command-context';
import { type LastOption, withIdArgument } from '../ids/id-argument';
import { resolveId } from '../ids/resolve-id';
import { shortId } from '../ids/short-id';

/** Marks an inbox item read; undefined when the notification never reached the inbox. */
async function markRead(ctx: CommandContext, id: string): Promise<InboxItemJson | undefined> {
  try {
    return await ctx.client.call<InboxItemJson>(
      'POST',
      `${ctx.userPath}/inbox/${encodeURIComponent(id)}/read`,
    );
  } catch (error) {
    if (error instanceof CliError && error.message.includes('INBOX_ITEM_NOT_FOUND')) {
      return undefined;
    }
    throw error;
  }
}

/**
 * `tickler read <id> | --last`: marks an inbox item read. `tickler done <id> | --last`: the
 * person is done with a reminder — read in the inbox, and canceled first if it has not fired
 * yet. There is no archive: a done item stays in `tickler inbox` (`--unread` hides it).
 */
export function readDoneCommands(program: Command): void {
  withIdArgument(
    program.command('read').description('mark an inbox item read'),
    'inbox item',
  ).action(async (id: string | undefined, options: LastOption, command: Command) => {
    const ctx = contextOf(command);
    const fullId = await resolveId(ctx, 'inbox item', { id, last: options.last });
    const item = await markRead(ctx, fullId);
    if (!item) {
      throw new CliError(`inbox item ${id ?? fullId} not found for ${ctx.user}`);
    }
    ctx.out.result(item, () => `read ${shortId(item.id)}  ${item.title}`);
  });

  withIdArgument(
    program
      .command('done')
      .description(
        'done with a reminder: canceled if it has not fired yet, read in the inbox if it has',
      ),
  ).action(async (id: string | undefined, options: LastOption, command: Command) => {
    const ctx = contextOf(command);
    const fullId = await resolveId(ctx, 'notification', { id, last: options.last });
    const path = `${ctx.userPath}/notifications/${encodeURIComponent(fullId)}`;
    let delivery = await ctx.client.call<NotificationJson>('GET', path);
    const canceled = delivery.status === 'scheduled';
    if (canceled) {
      delivery = await ctx.client.call<NotificationJson>('POST', `${path}/cancel`);
    }
    const item = await markRead(ctx, fullId);
    const how = canceled ? 'canceled before it fired' : item ? 'read' : delivery.status;
    ctx.out.result(
      { notification: delivery, inboxItem: item ?? null },
      () => `done ${shortId(delivery.id)}  ${delivery.title} (${how})`,
    );
  });
}
