import { useEffect, useState } from 'preact/hooks';

/** Rows rendered at once: more than a tall screen holds. */
export const FIRST_ROWS = 60;
/** Rows added per idle slice after that. */
const ROWS_PER_SLICE = 150;
/** An idle slice comes at the latest after this long, even on a page that is never idle. */
const IDLE_TIMEOUT_MS = 200;

/**
 * How many of `total` rows to render now: {@link FIRST_ROWS} at first, then more in each idle
 * period until all are there. Never goes down: a list that shrinks and grows again renders whole.
 */
export function useProgressiveCount(total: number): number {
  const [limit, setLimit] = useState(FIRST_ROWS);
  useEffect(() => {
    if (limit >= total) {
      return;
    }
    const grow = () => setLimit((old) => old + ROWS_PER_SLICE);
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(grow, { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(grow, 0);
    return () => clearTimeout(timer);
  }, [limit, total]);
  return limit;
}
