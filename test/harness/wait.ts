/**
 * The one way a test waits for the stack to reach a state: look, and look again soon. The first looks come
 * quickly (most states arrive within a few hundred milliseconds) and the pace slows to `maxIntervalMs`, so a
 * wait never sleeps long past its state nor hammers a loaded stack. On timeout the error says what was awaited
 * and the last thing seen, so a failure in a CI log explains itself.
 */
export interface WaitOptions<T> {
  timeoutMs?: number;
  maxIntervalMs?: number;
  /** How the last value reads in the timeout's message (default: JSON, cut to 2,000 characters). */
  describe?: (value: T) => string;
}

const excerpt = (text: string) => (text.length > 2_000 ? `${text.slice(0, 2_000)}… (${text.length} chars)` : text);

const asJson = (value: unknown) => {
  try {
    return excerpt(JSON.stringify(value) ?? String(value));
  } catch {
    return String(value);
  }
};

export async function waitUntil<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 30_000, maxIntervalMs = 250, describe = asJson }: WaitOptions<T> = {},
): Promise<T> {
  const started = Date.now();
  let interval = 25;
  let value = await read();
  while (!done(value)) {
    if (Date.now() - started > timeoutMs) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${describe(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
    interval = Math.min(interval * 2, maxIntervalMs);
    value = await read();
  }
  return value;
}
