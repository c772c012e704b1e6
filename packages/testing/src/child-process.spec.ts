import path from 'node:path';
import { spawnFixture } from './child-process';

const FIXTURE = path.join(__dirname, '..', 'test', 'fixtures', 'echo-child.ts');

describe('spawnFixture', () => {
  it('runs a TypeScript fixture with the workspace aliases, reads its lines and feeds its stdin', async () => {
    const child = spawnFixture(FIXTURE, ['first', '@tickler/core/domain']);
    expect(await child.line((l) => l.startsWith('ready'))).toBe('ready function first');
    child.write('hello\n');
    expect(await child.line((l) => l.startsWith('echo'))).toBe('echo HELLO');
    expect(await child.exited).toEqual({ code: 0, signal: null });
    expect(child.stderr()).toBe('done\n');
    // A line seen before is still found after the child ended.
    expect(await child.line((l) => l.startsWith('ready'))).toBe('ready function first');
  });

  it('rejects a wait for a line the child never prints, naming its stderr', async () => {
    const child = spawnFixture(FIXTURE, ['second']);
    const never = child.line((l) => l === 'never');
    await child.line((l) => l.startsWith('ready'));
    child.kill('SIGKILL');
    await expect(never).rejects.toThrow(/before the expected line/);
    expect((await child.exited).signal).toBe('SIGKILL');
    await expect(child.line((l) => l === 'never')).rejects.toThrow(/already exited/);
  });
});
