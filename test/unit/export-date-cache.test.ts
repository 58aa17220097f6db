import { dateTimeFormatter } from '../../functions/lib/exports/export-values';

/**
 * The export's date cells shift by an offset cached per UTC quarter of an hour (export-values.ts): the result
 * must equal Intl's own formatting for every instant, across DST transitions and in zones with :30/:45 offsets
 * whose transitions fall mid-hour in UTC.
 */
const ZONES = [
  'UTC',
  'Europe/Amsterdam',
  'America/New_York',
  'America/St_Johns',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/Santiago',
];

function reference(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (iso: string) => {
    const p = Object.fromEntries(format.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
    return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
  };
}

describe('export dates: cached offsets read as Intl does', () => {
  it.each(ZONES)('%s: every 97 minutes through 2025-2026, and around each transition', (zone) => {
    const cached = dateTimeFormatter(zone);
    const expected = reference(zone);
    const from = Date.UTC(2025, 0, 1);
    const to = Date.UTC(2027, 0, 1);
    const differences: string[] = [];
    for (let ms = from; ms < to; ms += 5_820_000) {
      const iso = new Date(ms).toISOString();
      if (cached(iso) !== expected(iso)) differences.push(`${iso}: ${cached(iso)} ≠ ${expected(iso)}`);
    }
    // Every minute of the days with a transition (the offset at the day's start differs from its end's).
    for (let day = from; day < to; day += 86_400_000) {
      if (offsetOf(zone, day) === offsetOf(zone, day + 86_399_000)) continue;
      for (let ms = day; ms < day + 86_400_000; ms += 60_000) {
        const iso = new Date(ms).toISOString();
        if (cached(iso) !== expected(iso)) differences.push(`${iso}: ${cached(iso)} ≠ ${expected(iso)}`);
      }
    }
    expect(differences.slice(0, 5)).toEqual([]);
  });

  it('keeps the empty and malformed cases', () => {
    const format = dateTimeFormatter('Europe/Amsterdam');
    expect(format(null)).toBe('');
    expect(format('not a date')).toBe('');
    expect(format('2026-03-29T00:59:00Z')).toBe('29/03/2026 01:59');
    expect(format('2026-03-29T01:00:00Z')).toBe('29/03/2026 03:00');
  });
});

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
function offsetOf(timeZone: string, ms: number) {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  return format.format(new Date(ms)).split(' ').pop();
}
