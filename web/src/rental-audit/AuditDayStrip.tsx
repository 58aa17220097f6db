import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { RentalAuditClass } from '@shared/rental-audit/classify-day';
import type { RentalAuditLine } from '@shared/schemas/rental-audit';
import { useTranslation } from 'react-i18next';

/** One colour per class: the ones that need a look (over-billed, overdue, misplaced, unbilled) stand out. */
export const CLASS_COLOURS: Record<RentalAuditClass, string> = {
  'on-hire': '#2e7d32',
  'over-billed': '#c62828',
  overdue: '#ef6c00',
  misplaced: '#6a1b9a',
  unbilled: '#1565c0',
  'off-hire': '#b0bec5',
  'no-data': 'transparent',
};

/** A line's month as one cell a day; a day not audited is blank, a day without data outlined. */
export function AuditDayStrip({ line, days }: { line: RentalAuditLine; days: string[] }) {
  const { t } = useTranslation('rentalAudit');
  const byDay = new Map(line.days.map((day) => [day.day, day]));
  return (
    <Box sx={{ display: 'flex', gap: '2px' }} role="list" aria-label={t('stripLabel', { line: line.externalId })}>
      {days.map((day) => {
        const audited = byDay.get(day);
        const label = `${day}: ${audited ? t(`classes.${audited.class}`) : t('notAudited')}`;
        return (
          <Tooltip key={day} title={label}>
            <Box
              role="listitem"
              aria-label={label}
              data-class={audited?.class ?? 'none'}
              sx={{
                width: 12,
                height: 18,
                borderRadius: '2px',
                bgcolor: audited ? CLASS_COLOURS[audited.class] : 'action.hover',
                border: audited?.class === 'no-data' ? '1px dashed' : 'none',
                borderColor: 'text.disabled',
              }}
            />
          </Tooltip>
        );
      })}
    </Box>
  );
}
