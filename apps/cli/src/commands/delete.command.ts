import { type Command } from 'commander';
import { type NotificationJson } from '@tickler/notifications';
import { contextOf } from '../command-context';
import { type LastOption, withIdArgument } from '../ids/id-argument';
import { resolveId } from '../ids/resolve-id';
import { shortId } from '../ids/short-id';

/**
 * `tickler delete <id> | --last`: deletes a reminder (seed 001 §5.1). One an app made is deleted
 * too, but its app's next reconcile brings it back: `cancel` keeps it away.
 */
export function deleteCommand(program: Command): void {
  withIdArgument(
    program
      .command('delete')
      .description(
        'delete a reminder (one an app made comes back on its next sync: cancel it instead)',
      ),
  ).action(async (id: string | undefined, options: LastOption, command: Command) => {
    const ctx = contextOf(command);
    const fullId = await resolveId(ctx, 'notification', { id, last: options.last });
    const deleted = await ctx.client.call<NotificationJson>(
      'DELETE',
      `${ctx.userPath}/notifications/${encodeURIComponent(fullId)}`,
    );
    ctx.out.result(deleted, () => `deleted ${shortId(deleted.id)}  ${deleted.title}`);
  });
}
