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

/** dd/MM/yyyy HH:mm (spec 000 s.9) in the given time zone; '' for no or a malformed date. */
export function dateTimeFormatter(timeZone: string): (value: string | null | undefined) => string {
  const parts = partsIn(timeZone);
  return (value) => {
    const date = toDate(value);
    if (!date) return '';
    const p = parts(date);
    return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
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
