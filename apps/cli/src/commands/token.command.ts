import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { type Command } from 'commander';
import { adminTokenFileOf } from '../client/connection';
import { CliError } from '../cli.error';
import { contextOf } from '../command-context';
import { resolveId } from '../ids/resolve-id';
import { renderTable } from '../output/table';
import { describeInstant } from '../time/format-instant';
import { resolveWhen } from '../time/resolve-when';

interface UserToken {
  id: string;
  userId: string;
  createdAt: string;
  expiresAt: string | null;
  expired?: boolean;
}

/** Writes a new admin token into `file` atomically (0600 temp file, then rename). */
function rotateAdminToken(file: string): void {
  const token = randomBytes(32).toString('base64url');
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${token}\n`, { mode: 0o600, flag: 'wx' });
  fs.renameSync(temp, file);
}

/** `tickler token issue|list|revoke|rotate-admin`: the admin manages bearer tokens. */
export function tokenCommands(program: Command): void {
  const token = program
    .command('token')
    .description("manage bearer tokens (admin): a user's tokens, and the admin token itself");
  token
    .command('issue')
    .description('issue a token that reaches only --user’s paths; printed once')
    .option('--expires-at <when>', 'stops working then: "friday 18:00", ISO 8601')
    .option('--expires-in <duration>', 'stops working after: 12h, 30d')
    .action(async (options: { expiresAt?: string; expiresIn?: string }, command: Command) => {
      const expires = resolveWhen(
        { at: options.expiresAt, in: options.expiresIn },
        new Date(),
        true,
      );
      const ctx = contextOf(command);
      const issued = await ctx.client.call<UserToken & { token: string }>(
        'POST',
        `${ctx.userPath}/tokens`,
        expires === undefined ? {} : { expiresAt: expires.toISOString() },
      );
      ctx.out.result(issued, () =>
        [
          issued.token,
          `id ${issued.id}, for ${issued.userId}, ${
            issued.expiresAt === null
              ? 'never expires'
              : `expires ${describeInstant(new Date(issued.expiresAt))}`
          }`,
        ].join('\n'),
      );
    });
  token
    .command('list')
    .description("--user's tokens (ids and expiry, never the tokens)")
    .action(async (_options: object, command: Command) => {
      const ctx = contextOf(command);
      const { items } = await ctx.client.call<{ items: UserToken[] }>(
        'GET',
        `${ctx.userPath}/tokens`,
      );
      ctx.out.result(items, () =>
        items.length === 0
          ? `no tokens for ${ctx.user}`
          : renderTable(
              ['id', 'created', 'expires'],
              items.map((t) => [
                t.id,
                t.createdAt,
                t.expiresAt === null ? 'never' : `${t.expiresAt}${t.expired ? ' (expired)' : ''}`,
              ]),
            ),
      );
    });
  token
    .command('revoke')
    .description('revoke one of --user’s tokens: it stops working at once')
    .argument('<tokenId>', 'the id `token list` shows, or any 4–12 hex digits of it')
    .action(async (given: string, _options: object, command: Command) => {
      const ctx = contextOf(command);
      const tokenId = await resolveId(ctx, 'token', { id: given });
      await ctx.client.call('DELETE', `${ctx.userPath}/tokens/${encodeURIComponent(tokenId)}`);
      ctx.out.result({ revoked: tokenId }, () => `Revoked ${tokenId}`);
    });
  token
    .command('rotate-admin')
    .description(
      'write a new admin token into admin.token; the running daemon uses it from the next request',
    )
    .action((_options: object, command: Command) => {
      const ctx = contextOf(command);
      const file = adminTokenFileOf();
      if (file === undefined) {
        throw new CliError(
          'the admin token comes from TICKLER_ADMIN_TOKEN (or an in-memory database): change it there and restart the daemon',
        );
      }
      rotateAdminToken(file);
      ctx.out.result(
        { rotated: file },
        () => `New admin token written to ${file}; the old one no longer works`,
      );
    });
}
