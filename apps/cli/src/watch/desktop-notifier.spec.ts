import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { platformNotifier, popupText } from './desktop-notifier';

/** A folder holding an executable `name` that records its arguments and text variables. */
function standIn(name: string): { dir: string; log: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-notifier-'));
  const log = path.join(dir, 'log');
  fs.writeFileSync(
    path.join(dir, name),
    `#!/bin/sh\nprintf '%s|%s|%s\\n' "$TICKLER_TITLE" "$TICKLER_BODY" "$*" >> "${log}"\n`,
    { mode: 0o700 },
  );
  return { dir, log };
}

describe('platformNotifier', () => {
  it('finds nothing when the platform tool is not on PATH', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-empty-'));
    expect(platformNotifier('linux', { PATH: empty })).toBeUndefined();
    expect(platformNotifier('darwin', { PATH: empty })).toBeUndefined();
    expect(platformNotifier('win32', { PATH: empty })).toBeUndefined();
  });

  it('on macOS passes the text to osascript in the environment, never in the script', async () => {
    const { dir, log } = standIn('osascript');
    const notifier = platformNotifier('darwin', { PATH: dir });
    expect(notifier?.name).toBe('osascript');
    await notifier!.notify('say "hi" & quit', 'line one\nline two');
    const [title, body, args] = fs.readFileSync(log, 'utf8').trim().split('|');
    expect([title, body]).toEqual(['say "hi" & quit', 'line one line two']);
    expect(args).not.toContain('hi');
    expect(args).toContain('system attribute "TICKLER_TITLE"');
  });

  it('rejects when the tool fails, so the caller can fall back', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-failing-'));
    fs.writeFileSync(path.join(dir, 'notify-send'), '#!/bin/sh\nexit 3\n', { mode: 0o700 });
    await expect(platformNotifier('linux', { PATH: dir })!.notify('t', 'b')).rejects.toThrow();
  });
});

describe('popupText', () => {
  it('replaces control characters and cuts long text with an ellipsis', () => {
    expect(popupText('a\u0007b\tc', 10)).toBe('a b c');
    expect(popupText('x'.repeat(20), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
