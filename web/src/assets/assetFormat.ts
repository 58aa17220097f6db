const pad = (n: number) => String(n).padStart(2, '0');

const toDate = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** dd/MM/yyyy HH:mm (spec 000 s.9), in the browser's time zone. */
export function formatDateTime(value: string | null | undefined): string {
  const d = toDate(value);
  if (!d) return '';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** dd-MM-yyyy (spec 000 s.9). Scheduled dates are days stored at 12:00 UTC, so the day is read as stored. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const [y, m, d] = value.slice(0, 10).split('-');
  return y && m && d ? `${d}-${m}-${y}` : '';
}

/** The yyyy-MM-dd a date input works with. */
export const toInputDay = (value: string | null | undefined): string => (value ? value.slice(0, 10) : '');

/** Today in the user's calendar, the earliest day the scheduled pickers offer. */
export function todayInputDay(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 days ago" in the interface language. */
export function formatRelative(value: string | null | undefined, language: string, now = Date.now()): string {
  const d = toDate(value);
  if (!d) return '';
  const seconds = Math.round((d.getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return format.format(Math.round(seconds / size), unit);
  }
  return '';
}

/** The event radius is shown rounded to 0 decimals (spec 000 s.9). */
export const roundRadius = (radius: number | null | undefined): number | null =>
  radius == null ? null : Math.round(radius);

export const joinParts = (...parts: (string | null | undefined)[]) => parts.filter((p) => p?.trim()).join(' ');

export const externalMapUrl = (latitude: number, longitude: number) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
