import path from 'node:path';
import { type PgBenchPhases } from './pg-bench';

/**
 * The bench phases of the built checkout at `root` (its daemons are what the fleet starts), so
 * a probe can run two builds on the same minutes.
 */
export function phasesOf(root: string): typeof PgBenchPhases {
  const file = path.join(root, 'tools/dist/bench/postgres/pg-bench.js');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(file) as { PgBenchPhases: typeof PgBenchPhases }).PgBenchPhases;
}
