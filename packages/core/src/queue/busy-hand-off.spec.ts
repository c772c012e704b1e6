import { ManualClock } from '../clock/manual-clock';
import { BusyHandOff } from './busy-hand-off';

// A row that fell due during a busy cycle goes to the other instances only when that cycle
// is still stuck in the same batch after the grace.
const T0 = Date.parse('2026-09-10T08:30:00.000Z');

function subject(batches: { now: number | undefined }) {
  const clock = new ManualClock(T0);
  const handedOff: number[] = [];
  const handOff = new BusyHandOff(clock, 20, () => batches.now).onStale((atMs) =>
    handedOff.push(atMs - T0),
  );
  return { clock, handOff, handedOff };
}

describe('BusyHandOff', () => {
  it('hands the earliest waiting instant off when the cycle is still in the same batch after the grace', async () => {
    const batches = { now: 3 as number | undefined };
    const { clock, handOff, handedOff } = subject(batches);
    handOff.due(T0 + 5);
    handOff.due(T0 + 2);
    handOff.due(T0 + 9);
    await clock.advance(19);
    expect(handedOff).toEqual([]);
    await clock.advance(1);
    expect(handedOff).toEqual([2]);
    // Once handed off, nothing is left waiting.
    await clock.advance(1_000);
    expect(handedOff).toEqual([2]);
  });

  it('keeps the row when the cycle started another batch within the grace (it claims it)', async () => {
    const batches = { now: 3 as number | undefined };
    const { clock, handOff, handedOff } = subject(batches);
    handOff.due(T0);
    batches.now = 4;
    await clock.advance(20);
    expect(handedOff).toEqual([]);
  });

  it('keeps the row when the cycle ended within the grace (the fired timer makes it go again)', async () => {
    const batches = { now: 3 as number | undefined };
    const { clock, handOff, handedOff } = subject(batches);
    handOff.due(T0);
    batches.now = undefined;
    await clock.advance(20);
    expect(handedOff).toEqual([]);
  });

  it('waits a fresh grace for a row due after a hand-off, and cancel forgets what waits', async () => {
    const batches = { now: 1 as number | undefined };
    const { clock, handOff, handedOff } = subject(batches);
    handOff.due(T0);
    await clock.advance(20);
    handOff.due(T0 + 30);
    await clock.advance(10);
    handOff.cancel();
    await clock.advance(100);
    expect(handedOff).toEqual([0]);
    handOff.due(T0 + 200);
    await clock.advance(20);
    expect(handedOff).toEqual([0, 200]);
  });
});
