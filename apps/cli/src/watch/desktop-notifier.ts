import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** A button on a popup: its `key` comes back when it is pressed. */
export interface PopupAction {
  readonly key: string;
  readonly label: string;
}

/** Raises one desktop notification. */
export interface DesktopNotifier {
  /** The tool it runs, for the start-up line (`notify-send`, `osascript`, `powershell`). */
  readonly name: string;
  /** Resolves when the tool exits; rejects when it fails or takes longer than its timeout. */
  notify(title: string, body: string): Promise<void>;
  /**
   * Where the tool offers buttons (libnotify's `notify-send` 0.7.9 and later): raises the popup
   * with `actions` and resolves with the pressed one's key, or undefined when it was closed
   * without one, after {@link ACTION_WAIT_MS}, or when `signal` aborts (the watch stopped).
   */
  notifyWithActions?(
    title: string,
    body: string,
    actions: readonly PopupAction[],
    signal: AbortSignal,
  ): Promise<string | undefined>;
}

/** How long a popup's buttons are waited for; then the tool is stopped (the inbox keeps it). */
export const ACTION_WAIT_MS = 15 * 60_000;

/** A notification tool that hangs (a stuck session bus) must not hold up the stream. */
const TOOL_TIMEOUT_MS = 10_000;
/** What a popup can show; longer text is cut (the terminal line keeps it whole). */
const MAX_TITLE = 200;
const MAX_BODY = 1_000;

/** Printable text for a popup: control characters become spaces, length is bounded. */
export function popupText(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** The first executable called `name` on `PATH` (with Windows' extensions), if any. */
export function findOnPath(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dirs = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter(Boolean);
  const extensions = process.platform === 'win32' ? ['.exe', '.cmd', ''] : [''];
  for (const dir of dirs) {
    for (const ext of extensions) {
      const candidate = path.join(dir, `${name}${ext}`);
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        if (fs.statSync(candidate).isFile()) {
          return candidate;
        }
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

function run(file: string, args: string[], extraEnv: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { timeout: TOOL_TIMEOUT_MS, env: { ...process.env, ...extraEnv }, windowsHide: true },
      (error) => (error ? reject(new Error(error.message, { cause: error })) : resolve()),
    );
  });
}

/** Runs the tool and resolves with what it printed; a stop or a timeout resolves with ''. */
function runForOutput(file: string, args: string[], signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { timeout: ACTION_WAIT_MS, signal, env: process.env, windowsHide: true },
      (error, stdout) => {
        if (error && !signal.aborted && !error.killed) {
          reject(new Error(error.message, { cause: error }));
          return;
        }
        resolve(error ? '' : stdout);
      },
    );
  });
}

/** Whether this `notify-send` takes `--action` (libnotify 0.7.9, 2020); older ones refuse it. */
function takesActions(tool: string): boolean {
  try {
    const version = execFileSync(tool, ['--version'], { timeout: 2_000, encoding: 'utf8' });
    const [major = 0, minor = 0, patch = 0] = (/(\d+)\.(\d+)\.(\d+)/.exec(version) ?? [])
      .slice(1)
      .map(Number);
    return major > 0 || minor > 7 || (minor === 7 && patch >= 9);
  } catch {
    return false;
  }
}

// macOS: the text travels in environment variables, never inside the AppleScript source, so a
// title cannot inject script; `system attribute` reads them.
const APPLESCRIPT =
  'display notification (system attribute "TICKLER_BODY") with title (system attribute "TICKLER_TITLE")';

// Windows: a toast through the WinRT API PowerShell can reach, under PowerShell's own app id
// (an unregistered id shows nothing on Windows 10+). Text again from the environment.
const POWERSHELL_TOAST = [
  '[Windows.UI.Notifications.ToastNotificationManager, Windows.UI.Notifications, ContentType = WindowsRuntime] > $null',
  '$t = [Windows.UI.Notifications.ToastNotificationManager]::GetTemplateContent([Windows.UI.Notifications.ToastTemplateType]::ToastText02)',
  "$x = $t.GetElementsByTagName('text')",
  '$x.Item(0).AppendChild($t.CreateTextNode($env:TICKLER_TITLE)) > $null',
  '$x.Item(1).AppendChild($t.CreateTextNode($env:TICKLER_BODY)) > $null',
  "$id = '{1AC14E77-02E7-4E5D-B744-2EB1AE5198B7}\\WindowsPowerShell\\v1.0\\powershell.exe'",
  '[Windows.UI.Notifications.ToastNotificationManager]::CreateToastNotifier($id).Show([Windows.UI.Notifications.ToastNotification]::new($t))',
].join('; ');

/**
 * The platform's own notification tool, when it is installed: `notify-send` (libnotify) on
 * Linux and the BSDs, `osascript` on macOS, PowerShell's toast on Windows. Spawning the tool the
 * desktop already has beats a dependency such as node-notifier, which bundles its own native
 * helper binaries for each platform (several MB, and more code that runs with the person's
 * rights) to do the same. Undefined when none is found: the caller prints instead.
 */
export function platformNotifier(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): DesktopNotifier | undefined {
  if (platform === 'darwin') {
    const tool = findOnPath('osascript', env);
    return tool
      ? {
          name: 'osascript',
          notify: (title, body) =>
            run(tool, ['-e', APPLESCRIPT], {
              TICKLER_TITLE: popupText(title, MAX_TITLE),
              TICKLER_BODY: popupText(body, MAX_BODY),
            }),
        }
      : undefined;
  }
  if (platform === 'win32') {
    const tool = findOnPath('powershell', env) ?? findOnPath('pwsh', env);
    return tool
      ? {
          name: 'powershell',
          notify: (title, body) =>
            run(tool, ['-NoProfile', '-NonInteractive', '-Command', POWERSHELL_TOAST], {
              TICKLER_TITLE: popupText(title, MAX_TITLE),
              TICKLER_BODY: popupText(body, MAX_BODY),
            }),
        }
      : undefined;
  }
  const tool = findOnPath('notify-send', env);
  if (!tool) {
    return undefined;
  }
  // `--` ends the options: a title starting with "-" is text, not a flag.
  const text = (title: string, body: string) => [
    '--',
    popupText(title, MAX_TITLE),
    popupText(body, MAX_BODY),
  ];
  const notifySend: DesktopNotifier = {
    name: 'notify-send',
    notify: (title, body) => run(tool, ['--app-name=Tickler', ...text(title, body)]),
  };
  if (!takesActions(tool)) {
    return notifySend;
  }
  return {
    ...notifySend,
    // notify-send waits with buttons and prints the pressed one's key.
    notifyWithActions: async (title, body, actions, signal) => {
      const buttons = actions.map((a) => `--action=${a.key}=${a.label}`);
      const args = ['--app-name=Tickler', ...buttons, ...text(title, body)];
      const pressed = (await runForOutput(tool, args, signal)).trim();
      return actions.some((a) => a.key === pressed) ? pressed : undefined;
    },
  };
}
