import { type Command } from 'commander';
import { type NotificationJson } from '@tickler/notifications';
import { contextOf } from '../command-context';
import { notificationDetail } from '../output/notification-text';

/** `tickler show <id>` */
export function showCommand(program: Command): void {
  program
    .command('show')
    .description('show one notification')
    .argument('<id>', 'notification id')
    .action(async (id: string, _options: object, command: Command) => {
      const ctx = contextOf(command);
      const delivery = await ctx.client.call<NotificationJson>(
        'GET',
        `${ctx.userPath}/notifications/${encodeURIComponent(id)}`,
      );
      ctx.out.result(delivery, () => notificationDetail(delivery));
    });
}
