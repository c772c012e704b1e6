import path from 'node:path';
import { type Child, spawnFixture } from '@tickler/testing';
import { type Database } from '../database/database';
import { silentLogger } from '../logger';
import { createTempDirectory, openTestDatabase, testBackend, type TempDirectory } from '../testing';
import { type InstanceLock } from './instance-lock';

const HOLDER = path.join(__dirname, '../../test/fixtures/hold-instance-lock.ts');
let dir: TempDirectory;
let children: Child[] = [];
const opened: Database[] = [];

beforeEach(() => {
  dir = createTempDirectory();
});

afterEach(async () => {
  for (const child of children) {
    child.process.kill('SIGKILL');
  }
  children = [];
  for (const database of opened.splice(0)) {
    await database.close();
  }
  dir.remove();
});

async function lockOn(file: string, id: string): Promise<InstanceLock> {
  const database = await openTestDatabase({ file });
  opened.push(database);
  return database.lockInstance(id, silentLogger);
}

/** A real process holding the lock of `id` on `file` (it dies only when killed). */
async function holder(file: string, id: string): Promise<Child> {
  const child = spawnFixture(HOLDER, [file, id]);
  children.push(child);
  await child.line((l) => l === `locked ${id}`);
  return child;
}

/** Asks until the lock reads dead. SQLite: the first answer; PostgreSQL: once the server saw the socket close. */
async function untilDead(lock: InstanceLock, id: string): Promise<void> {
  while ((await lock.deadAmong([id])).length === 0) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

describe('the instance lock (ADR 0004)', () => {
  it('reads alive while its process lives and dead once the process is SIGKILLed', async () => {
    const file = dir.file('app.db');
    const me = await lockOn(file, 'watcher-1');
    const child = await holder(file, 'victim-1');
    expect(await me.deadAmong(['victim-1'])).toEqual([]);
    expect([...(await me.peers()).live]).toHaveLength(1);

    child.process.kill('SIGKILL');
    expect((await child.exited).signal).toBe('SIGKILL');
    await untilDead(me, 'victim-1');
    expect((await me.peers()).live.size).toBe(0);
    if (testBackend() === 'sqlite') {
      // Nothing to wait for: the kernel dropped the lock with the process.
      expect(await me.deadAmong(['victim-1'])).toEqual(['victim-1']);
      expect((await me.peers()).dead).toEqual(['victim-1']);
      await me.forget(['victim-1']);
      expect((await me.peers()).dead).toEqual([]);
    }
  }, 30_000);

  it('sees another instance in the same process alive, and dead once released', async () => {
    const file = dir.file('app.db');
    const me = await lockOn(file, 'me-1');
    const other = await lockOn(file, 'other-1');
    expect(await me.deadAmong(['other-1', 'me-1'])).toEqual([]);
    expect((await me.peers()).live.size).toBe(1);
    await other.release();
    await other.release(); // twice is fine
    expect(await me.deadAmong(['other-1'])).toEqual(['other-1']);
    expect((await me.peers()).live.size).toBe(0);
  });

  it('an id no instance ever held reads dead; one that cannot name a lock file never does', async () => {
    const me = await lockOn(dir.file('app.db'), 'me-2');
    expect(await me.deadAmong(['never-was'])).toEqual(['never-was']);
    if (testBackend() === 'sqlite') {
      expect(await me.deadAmong(['../../etc/passwd', 'a b'])).toEqual([]);
    }
  });
});
