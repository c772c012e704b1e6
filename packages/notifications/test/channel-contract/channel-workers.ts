import path from 'node:path';
import { type FixturePool } from '@tickler/testing';
import { warmWorkers } from '../warm-workers';

/** The channel contracts' dying processes (channel-worker.ts), warm; see {@link warmWorkers}. */
export function channelWorkers(): FixturePool {
  return warmWorkers(path.join(__dirname, 'channel-worker.ts'));
}
