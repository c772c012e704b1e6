import { type Command } from 'commander';
import { type NotificationJson } from '@tickler/notifications';
import { contextOf } from '../command-context';
import { type LastOption, withIdArgument } from '../ids/id-argument';
import { resolveId } from '../ids/resolve-id';
import { notificationLine } from '../output/notification-line';
import { notificationDetail } from '../output/notification-text';

/** `tickler cancel <id>` and `tickler send-now <id>`: one POST each, same shape. */
export function transitionCommands(program: Command): void {
  const transitions = [
    {
      name: 'cancel',
      action: 'cancel',
      description: 'cancel a scheduled notification (it stays, as canceled)',
    },
    {
      name: 'send-now',
      action: 'send-now',
      description: 'deliver a scheduled notification now',
    },
  ];
  for (const t of transitions) {
    withIdArgument(program.command(t.name).description(t.description)).action(
      async (id: string | undefined, options: LastOption, command: Command) => {
        const ctx = contextOf(command);
        const fullId = await resolveId(ctx, 'notification', { id, last: options.last });
        const delivery = await ctx.client.call<NotificationJson>(
          'POST',
          `${ctx.userPath}/notifications/${encodeURIComponent(fullId)}/${t.action}`,
        );
        ctx.out.result(delivery, () =>
          ctx.verbose ? notificationDetail(delivery) : notificationLine(delivery, new Date()),
        );
      },
    );
  }
}
