import { type Command } from 'commander';
import { type NotificationJson } from '@tickler/notifications';
import { contextOf } from '../command-context';
import { notificationDetail } from '../output/notification-text';

/** `tickler cancel <id>` and `tickler send-now <id>`: one POST each, same shape. */
export function transitionCommands(program: Command): void {
  const transitions = [
    {
      name: 'cancel',
      action: 'cancel',
      description: 'cancel a scheduled notification (it stays, as canceled)',
      done: 'Canceled',
    },
    {
      name: 'send-now',
      action: 'send-now',
      description: 'deliver a scheduled notification now',
      done: 'Sent',
    },
  ];
  for (const t of transitions) {
    program
      .command(t.name)
      .description(t.description)
      .argument('<id>', 'notification id')
      .action(async (id: string, _options: object, command: Command) => {
        const ctx = contextOf(command);
        const delivery = await ctx.client.call<NotificationJson>(
          'POST',
          `${ctx.userPath}/notifications/${encodeURIComponent(id)}/${t.action}`,
        );
        ctx.out.result(delivery, () => `${t.done} ${delivery.id}\n${notificationDetail(delivery)}`);
      });
  }
}
