import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InvalidArgumentError, isTimeZone, toIsoUtc } from '@tickler/core/domain';
import { type InboxItemJson, type NotificationJson, type Page } from '@tickler/notifications';
import { resolveWhen, ruleFromPhrase } from '@tickler/time';
import { z } from 'zod';
import { type DaemonClient } from '../client/daemon-client';
import { resolveId } from '../ids/resolve-id';
import { shortId } from '../ids/short-id';
import { localZone } from '../time/format-instant';
import { deliveredLine, guarded, hourIn, localText, said, upcomingLine } from './mcp-answers';

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
  .describe('the reminder id: the 6-character id schedule and list_upcoming give, or full');
const when = z
  .string()
  .describe(
    'when, in words or ISO 8601: "at four", "at 4pm", "tomorrow 9am", "in 20 minutes", "next friday 17:00"',
  );
const timeZone = z
  .string()
  .optional()
  .describe(
    'IANA time zone the time is meant in, e.g. Europe/Berlin (default: the user’s profile)',
  );
const scope = z
  .enum(['this', 'series'])
  .optional()
  .describe(
    'of a repeating reminder: "this" occurrence (the default) or the whole "series"; ask the user when unsure',
  );

/**
 * The MCP server of `tickler mcp`: tools a chat assistant calls for the configured user
 * ("remind me at four to take the chicken out", "cancel that"). It is an HTTP client of the
 * daemon like the rest of the CLI, so every rule is the API's; answers are one sentence with
 * the short id, which every tool takes back.
 */
export function buildMcpServer(target: McpTarget, version: string): McpServer {
  const server = new McpServer({ name: 'tickler', version });
  const { client, userPath } = target;
  const one = async (reminder: string) =>
    `${userPath}/notifications/${encodeURIComponent(await resolveId(target, 'notification', { id: reminder }))}`;
  const inboxItem = async (item: string) =>
    `${userPath}/inbox/${encodeURIComponent(await resolveId(target, 'inbox item', { id: item }))}`;

  /** The zone a time is read and said in: the one given, else the profile's, else this machine's. */
  const zoneOf = async (given: string | undefined): Promise<string> => {
    const profile = await client.call<{ timeZone: string | null }>('GET', `${userPath}/profile`);
    const zone = given ?? profile.timeZone ?? (isTimeZone(localZone()) ? localZone() : 'UTC');
    if (!isTimeZone(zone)) {
      throw new InvalidArgumentError('timeZone', `"${zone}" is not an IANA time zone`);
    }
    return zone;
  };
  const instantOf = (text: string, zone: string): string =>
    resolveWhen(text, { timeZone: zone, now: toIsoUtc(new Date()), field: 'when' }).instant;

  server.registerTool(
    'schedule',
    {
      description:
        'Schedule a reminder for the user at a time in words or ISO 8601; with `every`, a repeating one. Say back the time the answer gives.',
      inputSchema: {
        title: z.string().describe('what to remind of, one line (at most 200 characters)'),
        message: z.string().optional().describe('more detail (optional)'),
        when: when.optional(),
        every: z
          .string()
          .optional()
          .describe('repeat: "every weekday at 9am", "daily 8:30", "weekly mon,wed 18:00"'),
        timeZone,
      },
    },
    (input) =>
      guarded(async () => {
        if (input.when === undefined && input.every === undefined) {
          throw new InvalidArgumentError('when', 'say when (or how often, with every)');
        }
        const zone = await zoneOf(input.timeZone);
        const first = input.when === undefined ? undefined : instantOf(input.when, zone);
        const created = await client.call<NotificationJson>('POST', `${userPath}/notifications`, {
          title: input.title,
          message: input.message ?? '',
          ...(first === undefined ? {} : { scheduledAt: first }),
          ...(input.every === undefined
            ? {}
            : {
                repeat: {
                  rule: ruleFromPhrase(input.every, 'every', hourIn(first, zone)),
                  timeZone: zone,
                },
              }),
        });
        const at = localText(created.scheduledAt ?? toIsoUtc(new Date()), zone);
        const repeats = created.repeat
          ? ` It repeats ${created.repeat.description ?? created.repeat.rule}.`
          : '';
        return said(
          `Scheduled "${created.title}" for ${at} (${zone}), id ${shortId(created.id)}.${repeats}`,
        );
      }),
  );

  server.registerTool(
    'list_upcoming',
    {
      description: "List the user's scheduled reminders, soonest first: one line each, id first.",
      inputSchema: {
        limit: z.number().int().optional().describe('how many (default 20, at most 200)'),
      },
    },
    (input) =>
      guarded(async () => {
        const zone = await zoneOf(undefined);
        const query = new URLSearchParams({
          status: 'scheduled',
          limit: String(input.limit ?? 20),
        });
        const page = await client.call<Page<NotificationJson>>(
          'GET',
          `${userPath}/notifications?${query.toString()}`,
        );
        return said(
          page.items.length === 0
            ? 'Nothing scheduled.'
            : page.items.map((n) => upcomingLine(n, zone)).join('\n'),
        );
      }),
  );

  server.registerTool(
    'list_delivered',
    {
      description:
        'List reminders that already went off (the inbox), newest first: one line each, id first — the id snooze takes.',
      inputSchema: {
        limit: z.number().int().optional().describe('how many (default 10, at most 200)'),
        unread: z.boolean().optional().describe('only those not yet read'),
      },
    },
    (input) =>
      guarded(async () => {
        const zone = await zoneOf(undefined);
        const query = new URLSearchParams({ limit: String(input.limit ?? 10) });
        if (input.unread === true) {
          query.set('unreadOnly', 'true');
        }
        const page = await client.call<Page<InboxItemJson>>(
          'GET',
          `${userPath}/inbox?${query.toString()}`,
        );
        return said(
          page.items.length === 0
            ? 'Nothing delivered yet.'
            : page.items.map((item) => deliveredLine(item, zone)).join('\n'),
        );
      }),
  );

  server.registerTool(
    'reschedule',
    {
      description: 'Move a scheduled reminder to another time.',
      inputSchema: { id, when, timeZone, scope },
    },
    (input) =>
      guarded(async () => {
        const zone = await zoneOf(input.timeZone);
        const moved = await client.call<NotificationJson>('PATCH', await one(input.id), {
          scheduledAt: instantOf(input.when, zone),
          ...(input.scope === undefined ? {} : { scope: input.scope }),
        });
        return said(
          `Moved "${moved.title}" to ${localText(moved.scheduledAt!, zone)} (${zone}), id ${shortId(moved.id)}.`,
        );
      }),
  );

  server.registerTool(
    'snooze',
    {
      description:
        'Remind again later of a reminder that already went off (an id from list_delivered); marks it read.',
      inputSchema: {
        id: z.string().describe('the delivered reminder: its id from list_delivered'),
        when,
        timeZone,
      },
    },
    (input) =>
      guarded(async () => {
        const zone = await zoneOf(input.timeZone);
        const again = await client.call<NotificationJson>(
          'POST',
          `${await inboxItem(input.id)}/snooze`,
          { until: instantOf(input.when, zone) },
        );
        return said(
          `Snoozed "${again.title}" until ${localText(again.scheduledAt!, zone)} (${zone}), id ${shortId(again.id)}.`,
        );
      }),
  );

  server.registerTool(
    'cancel',
    {
      description:
        'Cancel a scheduled reminder; of a repeating one, this occurrence unless scope is "series".',
      inputSchema: { id, scope },
    },
    (input) =>
      guarded(async () => {
        const canceled = await client.call<NotificationJson>(
          'POST',
          `${await one(input.id)}/cancel`,
          input.scope === undefined ? undefined : { scope: input.scope },
        );
        const which =
          canceled.repeat === undefined
            ? ''
            : canceled.repeat.status === 'canceled'
              ? ' and its whole series'
              : ' (this occurrence; the series goes on)';
        return said(`Canceled "${canceled.title}"${which}, id ${shortId(canceled.id)}.`);
      }),
  );
  return server;
}
