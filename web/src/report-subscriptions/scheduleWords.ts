import type { ReportSchedule } from '@shared/schemas/report-subscription';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The product's one time zone: schedules are read there (docs/decisions/0312-scheduled-reports-mailed-to-their-subscriber.md). */
export const REPORT_TIME_ZONE = 'Europe/Amsterdam';

/** 2024-01-01 was a Monday: weekday n (1 Monday … 7 Sunday) is 2024-01-0n. */
export const weekdayName = (weekday: number, language: string) =>
  new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, weekday)));

/** "Daily at 07:00", "Weekly on Monday at 07:00", "Monthly on day 1 at 07:00", in the interface language. */
export function useScheduleWords() {
  const { t, i18n } = useTranslation('reportSubscriptions');
  return useCallback(
    (schedule: ReportSchedule) => {
      if (schedule.every === 'week')
        return t('schedule.weekly', {
          weekday: weekdayName(schedule.weekday ?? 1, i18n.language),
          time: schedule.time,
        });
      if (schedule.every === 'month') return t('schedule.monthly', { day: schedule.day ?? 1, time: schedule.time });
      return t('schedule.daily', { time: schedule.time });
    },
    [t, i18n.language],
  );
}

/** A moment in the schedule's time zone, short, in the interface language. */
export const useMomentText = () => {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string | null) =>
      iso
        ? new Date(iso).toLocaleString(i18n.language, {
            dateStyle: 'medium',
            timeStyle: 'short',
            // 07:00 as the schedule says it, not 7:00 AM.
            hourCycle: 'h23',
            timeZone: REPORT_TIME_ZONE,
          })
        : '—',
    [i18n.language],
  );
};
