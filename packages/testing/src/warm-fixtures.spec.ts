import path from 'node:path';
import { warmFixturePool } from './warm-fixtures';

const FIXTURE = path.join(__dirname, '..', 'test', 'fixtures', 'argv-child.ts');
const PRELOADED = path.join(__dirname, 'eventually.ts');
const NOT_PRELOADED = path.join(__dirname, 'repo-root.ts');

describe('warmFixturePool', () => {
  it('hands out children that run the script with the given arguments, preloads already loaded', async () => {
    const pool = warmFixturePool(FIXTURE, [PRELOADED], 1);
    try {
      const first = pool.spawn([PRELOADED, 'two words', '{"json":true}']);
      expect(await first.line((l) => l.startsWith('loaded'))).toBe('loaded true');
      expect(await first.line((l) => l.startsWith('argv'))).toBe(
        `argv ${JSON.stringify([PRELOADED, 'two words', '{"json":true}'])}`,
      );
      expect(await first.exited).toEqual({ code: 0, signal: null });
      // The next one was started while the first ran; it is a fresh process all the same.
      const second = pool.spawn([NOT_PRELOADED]);
      expect(second.pid).not.toBe(first.pid);
      expect(await second.line((l) => l.startsWith('loaded'))).toBe('loaded false');
      expect(await second.exited).toEqual({ code: 0, signal: null });
    } finally {
      await pool.close();
    }
  });

  it('kills the children still waiting when closed', async () => {
    const pool = warmFixturePool(FIXTURE, [], 2);
    await pool.spawn([NOT_PRELOADED]).exited;
    const waiting = pool.waitingPids();
    expect(waiting).toHaveLength(2);
    const alive = (pid: number): boolean => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(waiting.every(alive)).toBe(true);
    await pool.close();
    expect(waiting.some(alive)).toBe(false);
    expect(pool.waitingPids()).toEqual([]);
  });
});
