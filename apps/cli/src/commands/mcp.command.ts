import { type Command } from 'commander';
import { DaemonClient } from '../client/daemon-client';
import { contextOf } from '../command-context';
import { webTokenFor } from '../open/web-sign-in';

/**
 * `tickler mcp`: a Model Context Protocol server on stdin/stdout for a chat assistant, acting
 * for the configured user through the daemon with a user token of its own — never the admin
 * token (issue 29): the CLI's own token when it is a user token, else one issued once and kept
 * beside `admin.token` (`mcp-<user>.token`, 0600). Runs until the client closes stdin.
 */
export function mcpCommand(program: Command): void {
  program
    .command('mcp')
    .description(
      'serve the Model Context Protocol on stdio (tools: schedule, list_upcoming, reschedule, snooze, cancel) for an assistant',
    )
    .action(async (_options: object, command: Command) => {
      const ctx = contextOf(command);
      const own = await webTokenFor(ctx.connection, ctx.client, ctx.user, 'mcp');
      const client = new DaemonClient({ ...ctx.connection, token: own.token });
      // Loaded here, not at the top: every other `tickler` run would otherwise load the MCP SDK
      // (and zod, ajv) at start-up for nothing (about 300 modules of its 1,670).
      const [{ StdioServerTransport }, { buildMcpServer }] = await Promise.all([
        import('@modelcontextprotocol/sdk/server/stdio.js'),
        import('../mcp/tickler-mcp-server.js'),
      ]);
      const server = buildMcpServer(
        { client, user: ctx.user, userPath: ctx.userPath },
        program.version() ?? '0',
      );
      const transport = new StdioServerTransport();
      const closed = new Promise<void>((resolve) => {
        transport.onclose = () => resolve();
        process.stdin.once('end', () => resolve());
      });
      await server.connect(transport);
      await closed;
      await server.close();
    });
}
