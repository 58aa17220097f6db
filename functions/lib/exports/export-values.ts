/**
 * Cell values as the console shows them (web/src/assets/assetFormat.ts), computed on the server: a time
 * zone is the reader's (sent by the console), since a Lambda runs in UTC.
 */
const toDate = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

type Parts = Record<'day' | 'month' | 'year' | 'hour' | 'minute', string>;

/** One Intl formatter per export (building one per cell would dominate a 100k-row export). */
function partsIn(timeZone: string): (date: Date) => Parts {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (date) => {
    const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
    return parts as Parts;
  };
}

/**
 * A time zone's offset changes only at a transition, and every zone's transitions fall on a quarter of an hour
 * of UTC (whole-hour zones at :00, Lord Howe, Newfoundland or Nepal at :15/:30/:45): within one UTC quarter
 * the offset is constant. So Intl is asked once per quarter (formatToParts is the costly call, two per row
 * of a 100k-row export) and a date is shifted by the cached offset and read in UTC.
 */
const QUARTER_MS = 15 * 60_000;
/** Distinct quarters kept (an export's dates cluster; a spread-out list simply starts the cache again). */
const MAX_CACHED_QUARTERS = 100_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** dd/MM/yyyy HH:mm (spec 000 s.9) in the given time zone; '' for no or a malformed date. */
export function dateTimeFormatter(timeZone: string): (value: string | null | undefined) => string {
  const parts = partsIn(timeZone);
  const offsets = new Map<number, number>();
  const offsetAt = (ms: number) => {
    const quarter = Math.floor(ms / QUARTER_MS);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      const start = quarter * QUARTER_MS;
      const p = parts(new Date(start));
      offset = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - start;
      if (offsets.size >= MAX_CACHED_QUARTERS) offsets.clear();
      offsets.set(quarter, offset);
    }
    return offset;
  };
  return (value) => {
    const date = toDate(value);
    if (!date) return '';
    const local = new Date(date.getTime() + offsetAt(date.getTime()));
    const year = local.getUTCFullYear();
    // Years outside 1000-9999 keep Intl's own spelling (never seen in stored data, but never wrong).
    if (year < 1000 || year > 9999) {
      const p = parts(date);
      return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
    }
    return `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${year} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
  };
}

/** yyyy-MM-dd of `now` in the time zone: the {date} of Assets.{date}.{ext}. */
export function dayIn(timeZone: string, now: Date): string {
  const p = partsIn(timeZone)(now);
  return `${p.year}-${p.month}-${p.day}`;
}

/** dd-MM-yyyy (spec 000 s.9). Scheduled dates are days stored at 12:00 UTC: the day is read as stored. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const [y, m, d] = value.slice(0, 10).split('-');
  return y && m && d ? `${d}-${m}-${y}` : '';
}

export const joinParts = (...parts: (string | null | undefined)[]) => parts.filter((p) => p?.trim()).join(' ');
