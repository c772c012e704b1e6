import { ManualClock } from '../clock/manual-clock';
import { silentLogger } from '../logger';
import { type CycleSteps, QueueCycle } from './queue-cycle';

const T0 = Date.parse('2026-09-10T08:30:00.000Z');
const iso = (ms: number): string => new Date(T0 + ms).toISOString();

/** Scripted steps: each batch claims the next count; reads answer the next instant. */
function scripted(batches: number[], reads: (string | undefined)[]) {
  const log: string[] = [];
  const steps: CycleSteps = {
    readNextInstant: () => {
      log.push('read');
      return Promise.resolve(reads.shift());
    },
    runBatch: () => {
      const n = batches.shift() ?? 0;
      log.push(`batch ${n}`);
      return Promise.resolve(n);
    },
    rearmAt: (atMs) => log.push(`arm ${atMs - T0}`),
  };
  return { steps, log };
}

describe('QueueCycle', () => {
  it('reads first on a sweep or start, claims while something is due, then arms the next instant', async () => {
    const { steps, log } = scripted([3], [iso(0), iso(5_000)]);
    const cycle = new QueueCycle(steps, new ManualClock(T0), 10, () => true, silentLogger);
    cycle.kick();
    await cycle.idle();
    expect(log).toEqual(['read', 'batch 3', 'read', 'arm 5000']);
  });

  it('claims at once when its timer fired, and claims again before reading while batches are full', async () => {
    const { steps, log } = scripted([10, 10, 4], [iso(60_000)]);
    const cycle = new QueueCycle(steps, new ManualClock(T0), 10, () => true, silentLogger);
    cycle.timerDue();
    await cycle.idle();
    expect(log).toEqual(['batch 10', 'batch 10', 'batch 4', 'read', 'arm 60000']);
  });

  it('does not claim when nothing is due, and arms nothing when the table is empty', async () => {
    const { steps, log } = scripted([], [iso(1_000)]);
    const cycle = new QueueCycle(steps, new ManualClock(T0), 10, () => true, silentLogger);
    cycle.kick();
    await cycle.idle();
    expect(log).toEqual(['read', 'arm 1000']);
    const empty = scripted([], [undefined]);
    const idle = new QueueCycle(empty.steps, new ManualClock(T0), 10, () => true, silentLogger);
    idle.kick();
    await idle.idle();
    expect(empty.log).toEqual(['read']);
  });

  it('a kick during a cycle makes it go round once more, not twice', async () => {
    const { steps, log } = scripted([], [iso(9_000), iso(9_000)]);
    const cycle = new QueueCycle(steps, new ManualClock(T0), 10, () => true, silentLogger);
    cycle.kick();
    cycle.kick();
    cycle.kick();
    await cycle.idle();
    expect(log).toEqual(['read', 'arm 9000', 'read', 'arm 9000']);
  });

  it('runs nothing while inactive, and a failing cycle is logged, not thrown', async () => {
    let active = false;
    const errors: unknown[] = [];
    const steps: CycleSteps = {
      readNextInstant: () => Promise.reject(new Error('disk')),
      runBatch: () => Promise.resolve(0),
      rearmAt: () => undefined,
    };
    const cycle = new QueueCycle(steps, new ManualClock(T0), 10, () => active, {
      ...silentLogger,
      error: (fields) => errors.push(fields),
    });
    cycle.kick();
    expect(cycle.running).toBeUndefined();
    active = true;
    cycle.kick();
    await cycle.idle();
    expect(errors).toHaveLength(1);
  });
});
