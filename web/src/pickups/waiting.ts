/** Whole days and hours from `since` to `now` ("waiting 3 d 4 h"); a time in the future reads as 0 h. */
export function waitingTime(since: string, now: number): { days: number; hours: number } {
  const hours = Math.max(0, Math.floor((now - Date.parse(since)) / 3_600_000));
  return { days: Math.floor(hours / 24), hours: hours % 24 };
}
