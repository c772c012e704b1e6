import { type Command } from 'commander';
import {
  type NewSubscriptionView,
  type SubscriptionJson,
  type HttpView,
} from '@tickler/notifications';
import { contextOf } from '../command-context';
import { renderRecord, renderTable } from '../output/table';

interface AddOptions {
  guarantee?: string;
  default?: boolean;
}

function subscriptionTable(items: readonly SubscriptionJson[]): string {
  return renderTable(
    ['id', 'kind', 'target', 'guarantee', 'default', 'state'],
    items.map((s) => [
      s.id,
      s.kind,
      typeof s.address === 'string' ? s.address : String(s.url ?? ''),
      s.guarantee,
      s.default ? 'yes' : 'no',
      !s.active
        ? `deactivated: ${s.deactivatedReason ?? ''}`
        : s.pausedAt
          ? `paused: ${s.pausedReason ?? ''}`
          : s.confirmed === false
            ? 'unconfirmed (receives nothing until confirmed)'
            : 'active',
    ]),
  );
}

/**
 * `tickler subscriptions add <url> [--guarantee at-most-once] [--default]`, `list`,
 * `remove <id>`, `resume <id>`, `add-email <address> [--default]`, `confirm <id> <code>`: the
 * user's targets for the external channels (webhooks, email). An email address receives nothing
 * until it is confirmed with the code mailed to it; a person holds at most the daemon's limit
 * of subscriptions per channel (the daemon's 409 is printed as it says).
 */
export function subscriptionCommands(program: Command): void {
  const group = program
    .command('subscriptions')
    .description(
      "the user's webhook and email subscriptions: add, add-email, confirm, list, remove, resume",
    );
  group
    .command('add')
    .description(
      'register a webhook (again for the same user: a new secret; the old one signs 24 h more)',
    )
    .argument('<url>', 'the endpoint, http(s)')
    .option(
      '--guarantee <guarantee>',
      'at-least-once (default: sends again when an outcome is unknown) or at-most-once (fails instead)',
    )
    .option('--default', 'use it for notifications that name no channels')
    .action(async (url: string, options: AddOptions, command: Command) => {
      const ctx = contextOf(command);
      const created = await ctx.client.call<HttpView<NewSubscriptionView>>(
        'POST',
        `${ctx.userPath}/subscriptions`,
        {
          url,
          ...(options.guarantee === undefined ? {} : { guarantee: options.guarantee }),
          ...(options.default === true ? { default: true } : {}),
        },
      );
      ctx.out.result(
        created,
        () =>
          `${renderRecord({ ...created })}\nThe secret is shown this once: verify with any Standard Webhooks library.`,
      );
    });
  group
    .command('list')
    .description('list the subscriptions (no secrets), with why one is paused or deactivated')
    .action(async (_options: unknown, command: Command) => {
      const ctx = contextOf(command);
      const list = await ctx.client.call<{ items: SubscriptionJson[] }>(
        'GET',
        `${ctx.userPath}/subscriptions`,
      );
      ctx.out.result(list, () => subscriptionTable(list.items));
    });
  group
    .command('remove')
    .description('remove a subscription')
    .argument('<id>')
    .action(async (id: string, _options: unknown, command: Command) => {
      const ctx = contextOf(command);
      await ctx.client.call<void>(
        'DELETE',
        `${ctx.userPath}/subscriptions/${encodeURIComponent(id)}`,
      );
      ctx.out.result({ removed: id }, () => `Removed ${id}`);
    });
  group
    .command('resume')
    .description('resume a subscription paused after its sends kept failing')
    .argument('<id>')
    .action(async (id: string, _options: unknown, command: Command) => {
      const ctx = contextOf(command);
      const resumed = await ctx.client.call<SubscriptionJson>(
        'POST',
        `${ctx.userPath}/subscriptions/${encodeURIComponent(id)}/resume`,
      );
      ctx.out.result(resumed, () => subscriptionTable([resumed]));
    });
  group
    .command('add-email')
    .description(
      'register an email address; it receives nothing until confirmed with the code mailed to it',
    )
    .argument('<address>', 'name@example.org')
    .option('--default', 'use it for notifications that name no channels')
    .action(async (address: string, options: AddOptions, command: Command) => {
      const ctx = contextOf(command);
      const created = await ctx.client.call<HttpView<NewSubscriptionView>>(
        'POST',
        `${ctx.userPath}/subscriptions`,
        { kind: 'email', address, ...(options.default === true ? { default: true } : {}) },
      );
      ctx.out.result(created, () =>
        created.confirmed === true
          ? subscriptionTable([created])
          : `${subscriptionTable([created])}\n${
              created.confirmationSent === false
                ? 'The confirmation code could not be mailed; try again later.'
                : `A code was mailed to ${address} (at most one every 10 minutes): tickler subscriptions confirm ${created.id} <code>`
            }`,
      );
    });
  group
    .command('confirm')
    .description('confirm an email subscription with the code mailed to its address')
    .argument('<id>')
    .argument('<code>', 'the code from the email')
    .action(async (id: string, code: string, _options: unknown, command: Command) => {
      const ctx = contextOf(command);
      const confirmed = await ctx.client.call<SubscriptionJson>(
        'POST',
        `${ctx.userPath}/subscriptions/${encodeURIComponent(id)}/confirm`,
        { code },
      );
      ctx.out.result(confirmed, () => subscriptionTable([confirmed]));
    });
}
