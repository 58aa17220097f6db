/**
 * Runs `run` at most once per `ms` for a key: the first call at once, further calls inside the window once
 * more at its end. A dispatcher's screen may hear the same asset every second; its panel and list refetch
 * every few seconds at most, and the last change is never dropped.
 */
export function keyedThrottle(ms: number) {
  const windows = new Map<string, { again: (() => void) | null }>();
  const open = (key: string) => {
    const window = { again: null as (() => void) | null };
    windows.set(key, window);
    setTimeout(() => {
      windows.delete(key);
      const again = window.again;
      if (again) {
        open(key);
        again();
      }
    }, ms);
  };
  return (key: string, run: () => void) => {
    const window = windows.get(key);
    if (window) {
      window.again = run;
      return;
    }
    open(key);
    run();
  };
}
