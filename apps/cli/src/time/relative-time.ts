const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** A span of time as a person says it, to the precision that matters at its size. */
function span(ms: number): string {
  if (ms < MINUTE) {
    return count(Math.round(ms / 1000), 'second');
  }
  if (ms < HOUR) {
    return count(Math.round(ms / MINUTE), 'minute');
  }
  if (ms < DAY) {
    const minutes = Math.round(ms / MINUTE);
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return rest === 0 ? count(hours, 'hour') : `${count(hours, 'hour')} ${count(rest, 'minute')}`;
  }
  if (ms < 7 * DAY) {
    const hours = Math.round(ms / HOUR);
    const days = Math.floor(hours / 24);
    const rest = hours % 24;
    return rest === 0 ? count(days, 'day') : `${count(days, 'day')} ${count(rest, 'hour')}`;
  }
  return count(Math.round(ms / DAY), 'day');
}

/**
 * `in 2 days`, `in 1 hour 30 minutes`, `3 minutes ago`, `now`: how far `at` is from `now`, so a
 * person sees at once whether "friday" meant this week or the next.
 */
export function relativeTime(at: Date, now: Date): string {
  const ms = at.getTime() - now.getTime();
  if (Math.abs(ms) < 500) {
    return 'now';
  }
  return ms > 0 ? `in ${span(ms)}` : `${span(-ms)} ago`;
}
