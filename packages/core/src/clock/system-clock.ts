import { injectable } from 'inversify';
import { clampDelay, type Clock, type TimerHandle } from './clock';

/** Wall-clock time and Node timers. Timers are unref'd so they never keep a process alive. */
@injectable()
export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }

  setTimer(callback: () => void, delayMs: number): TimerHandle {
    const timer = setTimeout(callback, clampDelay(delayMs));
    timer.unref();
    return timer as unknown as TimerHandle;
  }

  clearTimer(handle: TimerHandle): void {
    clearTimeout(handle as unknown as NodeJS.Timeout);
  }
}
