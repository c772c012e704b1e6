import { type BenchConfig } from './bench-config';
import { type HttpStepResults } from './http-step';
import { type SystemId } from './bench.types';
import { type LatenessSummary } from './stats';

/** One repetition's throughput measurement. */
export interface RateRun {
  /** Items per second over the time measured. */
  perSec: number;
  done: number;
  elapsedMs: number;
  /** False when the cap stopped it before all N were done. */
  complete: boolean;
}

export interface LatenessRun extends LatenessSummary {
  /** Items not run before the deadline (scheduled + grace). */
  missing: number;
}

export interface IdleRun {
  windowMs: number;
  cpuSeconds: number;
  clientOps: number;
  serverOps?: number;
  serverOpsLabel?: string;
}

export interface ScaleRun {
  rows: number;
  seedMs: number;
  dueCheckMedianMs?: number;
  dueCheckP95Ms?: number;
  rssBytes: number;
}

/** Everything measured for one system (one setting). */
export interface SystemResults {
  system: SystemId;
  label: string;
  settings: string;
  status: 'ok' | 'not run' | 'partial';
  /** Why it did not run, or what failed. */
  notes: string[];
  enqueueOne?: RateRun[];
  enqueueBulk?: RateRun[];
  drain?: RateRun[];
  /** Fresh process to all settled, ms. */
  restartMs?: (number | null)[];
  lateness?: LatenessRun[];
  /** Raw lateness samples (ms) of the first repetition, for the plot. */
  latenessSamples?: number[];
  idle?: IdleRun;
  scale?: { small?: ScaleRun; large?: ScaleRun; reason?: string };
}

export interface MachineInfo {
  nproc: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  os: string;
}

export interface BenchResults {
  startedAt: string;
  finishedAt: string;
  durationSec: number;
  command: string;
  config: BenchConfig;
  machine: MachineInfo;
  versions: Record<string, string>;
  systems: SystemResults[];
  /** Issue 18's HTTP ratio (absent from runs before it joined the main run, or not selected). */
  http?: HttpStepResults;
}
