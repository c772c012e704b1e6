import { type Command } from 'commander';
import { resolveConnection } from '../client/connection';
import { type GlobalOptions } from '../command-context';
import { type DesktopNotifier, platformNotifier } from '../watch/desktop-notifier';
import { EventFollower } from '../watch/event-follower';
import { DaemonClient } from '../client/daemon-client';
import { answerPopupAction, REMINDER_ACTIONS } from '../watch/popup-actions';
import { clockTime, parseData, present } from '../watch/watch-presenter';

/**
 * `tickler watch [--json]`: follows the user's event stream until Ctrl-C, raising a desktop
 * notification per delivery (and printing it), reconnecting and resuming after drops.
 */
export function watchCommand(program: Command): void {
  program
    .command('watch')
    .description(
      'follow deliveries as they happen: a desktop notification each (notify-send, osascript or a PowerShell toast), a line here; Ctrl-C stops',
    )
    .action(async (_options: object, command: Command) => {
      const options = command.optsWithGlobals<GlobalOptions>();
      const user = options.user || 'me';
      const connection = resolveConnection({ daemon: options.daemon, token: options.token });
      const json = options.json;
      // Scripts (`--json`) get the events and decide themselves; popups are for people.
      const notifier = json ? undefined : platformNotifier();
      const err = (line: string) => process.stderr.write(`tickler watch: ${line}\n`);
      if (!json) {
        process.stdout.write(
          `watching ${user}'s reminders at ${connection.url}; ${
            notifier
              ? `desktop notifications through ${notifier.name}`
              : 'no desktop notifier found (notify-send / osascript / powershell), printing here only'
          } (Ctrl-C stops)\n`,
        );
      }
      let warnedNotifier = false;
      const popup = async (tool: DesktopNotifier, title: string, body: string) => {
        try {
          await tool.notify(title, body);
        } catch (error) {
          if (!warnedNotifier) {
            warnedNotifier = true;
            err(`${tool.name} failed (${(error as Error).message.split('\n')[0]}); printing here`);
          }
        }
      };
      const stop = new AbortController();
      const client = new DaemonClient(connection);
      const userPath = `/v1/users/${encodeURIComponent(user)}`;
      const withButtons = async (
        tool: DesktopNotifier,
        id: string,
        title: string,
        body: string,
      ) => {
        try {
          const key = await tool.notifyWithActions!(title, body, REMINDER_ACTIONS, stop.signal);
          if (key !== undefined) {
            process.stdout.write(`${await answerPopupAction(client, userPath, id, title, key)}\n`);
          }
        } catch (error) {
          err(`${(error as Error).message.split('\n')[0]}`);
        }
      };
      const follower = new EventFollower(
        connection,
        `/v1/users/${encodeURIComponent(user)}/events`,
        {
          onEvent: async (event) => {
            const data = parseData(event);
            if (!data) {
              return;
            }
            const shown = present(data);
            if (shown.kind === 'note') {
              err(shown.text);
            }
            if (json) {
              process.stdout.write(`${JSON.stringify({ id: event.id ?? null, ...data })}\n`);
              return;
            }
            if (shown.kind === 'popup') {
              const body = shown.body ? ` — ${shown.body}` : '';
              process.stdout.write(`${clockTime(data.occurredAt)}  ${shown.title}${body}\n`);
              const id = data.type === 'notifications.sent' ? data.aggregateId : undefined;
              if (notifier?.notifyWithActions && id !== undefined) {
                // The popup waits for a button: the stream goes on meanwhile.
                void withButtons(notifier, id, shown.title, shown.body);
              } else if (notifier) {
                await popup(notifier, shown.title, shown.body);
              }
            }
          },
          onConnected: (resumed) =>
            err(
              resumed
                ? `reconnected to ${connection.url}; resuming after the last event seen`
                : `connected to ${connection.url}`,
            ),
          onDropped: (reason, retryInMs) =>
            err(
              `lost the stream from ${connection.url} (${reason}); reconnecting in ${(retryInMs / 1000).toFixed(1)} s`,
            ),
        },
      );
      const onSignal = () => stop.abort();
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      try {
        await follower.run(stop.signal);
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    });
}
