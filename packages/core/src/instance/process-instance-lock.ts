import { type InstanceLock, type Peers } from './instance-lock';

/**
 * The instance lock of a database no other process can open (SQLite `:memory:`): the only
 * instance that can hold claims in it is this one, so every other id is dead.
 */
export class ProcessInstanceLock implements InstanceLock {
  constructor(readonly id: string) {}

  deadAmong(ids: readonly string[]): Promise<string[]> {
    return Promise.resolve(ids.filter((id) => id !== this.id));
  }

  peers(): Promise<Peers> {
    return Promise.resolve({ live: new Set<string>(), dead: [] });
  }

  forget(): Promise<void> {
    return Promise.resolve();
  }

  release(): Promise<void> {
    return Promise.resolve();
  }
}
