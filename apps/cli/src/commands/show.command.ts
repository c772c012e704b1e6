import { type Command } from 'commander';
import { type NotificationJson } from '@tickler/notifications';
import { contextOf } from '../command-context';
import { type LastOption, withIdArgument } from '../ids/id-argument';
import { resolveId } from '../ids/resolve-id';
import { notificationDetail } from '../output/notification-text';

/** `tickler show <id> | --last` */
export function showCommand(program: Command): void {
  withIdArgument(program.command('show').description('show one notification, every field')).action(
    async (id: string | undefined, options: LastOption, command: Command) => {
      const ctx = contextOf(command);
      const fullId = await resolveId(ctx, 'notification', { id, last: options.last });
      const delivery = await ctx.client.call<NotificationJson>(
        'GET',
        `${ctx.userPath}/notifications/${encodeURIComponent(fullId)}`,
      );
      ctx.out.result(delivery, () => notificationDetail(delivery));
    },
  );
}
