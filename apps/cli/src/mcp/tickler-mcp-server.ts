import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { InvalidArgumentError, isTimeZone, toIsoUtc } from '@tickler/core/domain';
import { type NotificationJson, type Page } from '@tickler/notifications';
import { resolveWhen } from '@tickler/time';
import { z } from 'zod';
import { type DaemonClient } from '../client/daemon-client';
import { resolveId } from '../ids/resolve-id';
import { localZone } from '../time/format-instant';

/** Who the tools act for and through which daemon. */
export interface McpTarget {
  readonly client: DaemonClient;
  /** The user the tools act for. */
  readonly user: string;
  /** `/v1/users/{user}` with the user encoded. */
  readonly userPath: string;
}

// Types only: every length, character and time rule is the daemon's (the same as over HTTP and
// in the CLI), so a refusal names the field exactly as the API does.
const id = z
  .string()
  .describe('the reminder id: the 6-character short id schedule and list_upcoming give, or full');
const when = z
  .string()
  .describe(
    'when, in words or ISO 8601: "at 4pm", "tomorrow 9am", "in 20 minutes", "next friday 17:00"',
  );
const timeZone = z
  .string()
  .optional()
  .describe('IANA time zone the time is meant in, e.g. Europe/Berlin (default: this machine’s)');

function ok(text: string, value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: `${text}\n${JSON.stringify(value, null, 2)}` }] };
}

/** Every failure becomes a tool error whose text names the field (the model can fix and retry). */
async function guarded(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: (error as Error).message }] };
  }
}

/** `when` in `zone` to an instant, by the daemon's own rule (`resolveWhen`); errors name the field. */
function instantOf(text: string, zone: string | undefined): { instant: string; local: string } {
  const readIn = zone ?? (isTimeZone(localZone()) ? localZone() : 'UTC');
  if (!isTimeZone(readIn)) {
    throw new InvalidArgumentError('timeZone', `"${readIn}" is not an IANA time zone`);
  }
  const resolved = resolveWhen(text, {
    timeZone: readIn,
    now: toIsoUtc(new Date()),
    field: 'when',
  });
  return { instant: resolved.instant, local: `${resolved.local} ${resolved.timeZone}` };
}

/**
 * The MCP server of `tickler mcp`: tools a chat assistant calls for the configured user
 * ("remind me at four to take the chicken out", "cancel that"). It is an HTTP client of the
 * daemon like the rest of the CLI, so every rule is the API's.
 */
export function buildMcpServer(target: McpTarget, version: string): McpServer {
  const server = new McpServer({ name: 'tickler', version });
  const { client, userPath } = target;
  // Short ids as the CLI prints them are resolved the CLI's way (issue 31).
  const one = async (reminder: string) =>
    `${userPath}/notifications/${encodeURIComponent(await resolveId(target, 'notification', { id: reminder }))}`;
  const inboxItem = async (item: string) =>
    `${userPath}/inbox/${encodeURIComponent(await resolveId(target, 'inbox item', { id: item }))}`;

  server.registerTool(
    'schedule',
    {
      description: 'Schedule a reminder for the user at a time given in words or ISO 8601.',
      inputSchema: {
        title: z.string().describe('what to remind of, one line (at most 200 characters)'),
        message: z.string().optional().describe('more detail (optional)'),
        when,
        timeZone,
      },
    },
    (input) =>
      guarded(async () => {
        const at = instantOf(input.when, input.timeZone);
        const created = await client.call<NotificationJson>('POST', `${userPath}/notifications`, {
          title: input.title,
          message: input.message ?? '',
          scheduledAt: at.instant,
        });
        return ok(`scheduled ${created.id} for ${at.local}`, created);
      }),
  );

  server.registerTool(
    'list_upcoming',
    {
      description: "List the user's scheduled reminders, soonest first.",
      inputSchema: {
        limit: z.number().int().optional().describe('how many (default 20, at most 200)'),
      },
    },
    (input) =>
      guarded(async () => {
        const query = new URLSearchParams({
          status: 'scheduled',
          limit: String(input.limit ?? 20),
        });
        const page = await client.call<Page<NotificationJson>>(
          'GET',
          `${userPath}/notifications?${query.toString()}`,
        );
        return ok(`${page.items.length} upcoming`, page.items);
      }),
  );

  server.registerTool(
    'reschedule',
    {
      description: 'Move a scheduled reminder to another time.',
      inputSchema: { id, when, timeZone },
    },
    (input) =>
      guarded(async () => {
        const at = instantOf(input.when, input.timeZone);
        const moved = await client.call<NotificationJson>('PATCH', await one(input.id), {
          scheduledAt: at.instant,
        });
        return ok(`rescheduled ${moved.id} to ${at.local}`, moved);
      }),
  );

  server.registerTool(
    'snooze',
    {
      description:
        'Remind again later of a reminder that already went off: the daemon schedules it again, linked to the inbox item (snoozedFrom), and marks the item read.',
      inputSchema: {
        id: z.string().describe('the delivered reminder (its inbox item id)'),
        when,
        timeZone,
      },
    },
    (input) =>
      guarded(async () => {
        const at = instantOf(input.when, input.timeZone);
        const again = await client.call<NotificationJson>(
          'POST',
          `${await inboxItem(input.id)}/snooze`,
          { until: at.instant },
        );
        return ok(`snoozed: ${again.id} for ${at.local}`, again);
      }),
  );

  server.registerTool(
    'cancel',
    {
      description: 'Cancel a scheduled reminder.',
      inputSchema: { id },
    },
    (input) =>
      guarded(async () => {
        const canceled = await client.call<NotificationJson>(
          'POST',
          `${await one(input.id)}/cancel`,
        );
        return ok(`canceled ${canceled.id}`, canceled);
      }),
  );
  return server;
}
