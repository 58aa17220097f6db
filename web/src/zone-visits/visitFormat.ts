import type { TFunction } from 'i18next';

/** A dwell time as people say it: minutes under an hour, hours and minutes under a day, then days and hours. */
export function formatDwell(seconds: number, t: TFunction<'zoneVisits'>): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('duration.minutes', { m: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('duration.hours', { h: hours, m: minutes % 60 });
  return t('duration.days', { d: Math.floor(hours / 24), h: hours % 24 });
}

/** An open visit's dwell so far, from its arrival to now. */
export const secondsSince = (iso: string, now = Date.now()) => Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
