/** Rate limiting for event-driven refetches and search-as-you-type. */

export interface Throttled {
  (): void;
  cancel(): void;
}

/** Runs fn at most once per interval, and always once more after the last call (so no update is lost). */
export function throttle(fn: () => void, intervalMs: number): Throttled {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = (): void => {
    timer = null;
    last = Date.now();
    fn();
  };
  const throttled = (() => {
    if (timer) return;
    const wait = last + intervalMs - Date.now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  }) as Throttled;
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return throttled;
}

export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  delayMs: number,
): ((...args: A) => void) & {
  cancel(): void;
} {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const debounced = (...args: A): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      fn(...args);
    }, delayMs);
  };
  debounced.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return debounced;
}
