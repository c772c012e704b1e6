import { type Command } from 'commander';
import { type DeliverDueResult } from '@tickler/notifications';
import { contextOf } from '../command-context';
import { renderRecord } from '../output/table';

/** `tickler deliver-due [--id <id>]` (admin): settle what is due now. */
export function deliverDueCommand(program: Command): void {
  program
    .command('deliver-due')
    .description('deliver every due notification now (the daemon also does this on its own)')
    .option('--id <id>', 'only this notification')
    .action(async (options: { id?: string }, command: Command) => {
      const ctx = contextOf(command);
      const result = await ctx.client.call<DeliverDueResult>(
        'POST',
        '/v1/notifications/deliver-due',
        options.id ? { id: options.id } : {},
      );
      ctx.out.result(result, () => renderRecord({ ...result }));
    });
}
