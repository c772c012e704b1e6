import { type Command } from 'commander';
import { type NotificationJson } from '@tickler/notifications';
import { contextOf } from '../command-context';
import { type LastOption, withIdArgument } from '../ids/id-argument';
import { resolveId } from '../ids/resolve-id';
import { notificationLine } from '../output/notification-line';
import { notificationDetail } from '../output/notification-text';

/** Options of `cancel`: `--series` ends the whole series instead of this one occurrence. */
interface TransitionOptions extends LastOption {
  series?: boolean;
}

/**
 * `tickler cancel <id> [--series]`, `tickler uncancel <id>` and `tickler send-now <id>`: one
 * POST each, same shape. Cancel of a repeating reminder cancels this occurrence unless
 * `--series` is given (issue 31); `uncancel` undoes a cancel within 10 minutes.
 */
export function transitionCommands(program: Command): void {
  const transitions = [
    {
      name: 'cancel',
      description:
        'cancel a scheduled notification (it stays, as canceled); of a repeating one, this occurrence',
      series: true,
    },
    {
      name: 'uncancel',
      description: 'undo a cancel, within 10 minutes of it: scheduled again at its time',
      series: false,
    },
    {
      name: 'send-now',
      description: 'deliver a scheduled notification now',
      series: false,
    },
  ];
  for (const t of transitions) {
    const command = withIdArgument(program.command(t.name).description(t.description));
    if (t.series) {
      command.option('--series', 'end the whole repeating series, not only this occurrence');
    }
    command.action(async (id: string | undefined, options: TransitionOptions, cmd: Command) => {
      const ctx = contextOf(cmd);
      const fullId = await resolveId(ctx, 'notification', { id, last: options.last });
      const delivery = await ctx.client.call<NotificationJson>(
        'POST',
        `${ctx.userPath}/notifications/${encodeURIComponent(fullId)}/${t.name}`,
        t.series && options.series === true ? { scope: 'series' } : undefined,
      );
      ctx.out.result(delivery, () =>
        ctx.verbose ? notificationDetail(delivery) : notificationLine(delivery, new Date()),
      );
    });
  }
}
