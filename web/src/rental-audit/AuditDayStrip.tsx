import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { RentalAuditClass } from '@shared/rental-audit/classify-day';
import type { RentalAuditLine } from '@shared/schemas/rental-audit';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { HISTORY_PARAM, rangeParam } from '../assets/history/historyRange';

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

/** The asset panel's History tab on one day (docs/decisions/0319-asset-history-track-stops-and-exports.md). */
export const dayHistoryPath = (asset: number, day: string) =>
  `/assets/${asset}?${HISTORY_PARAM}=${rangeParam({ from: day, to: day })}#history`;

/**
 * A line's month as one cell a day; a day not audited is blank, a day without data outlined. When the line has
 * an asset each cell is a link to that asset's history on that day, where the fixes behind the class are.
 */
export function AuditDayStrip({ line, days }: { line: RentalAuditLine; days: string[] }) {
  const { t } = useTranslation('rentalAudit');
  const byDay = new Map(line.days.map((day) => [day.day, day]));
  const asset = line.asset;
  return (
    <Box sx={{ display: 'flex', gap: '2px' }} role="list" aria-label={t('stripLabel', { line: line.externalId })}>
      {days.map((day) => {
        const audited = byDay.get(day);
        const name = audited ? t(`classes.${audited.class}`) : t('notAudited');
        const label = `${day}: ${name}`;
        const cell = {
          display: 'block',
          width: 12,
          height: 18,
          borderRadius: '2px',
          bgcolor: audited ? CLASS_COLOURS[audited.class] : 'action.hover',
          border: audited?.class === 'no-data' ? '1px dashed' : 'none',
          borderColor: 'text.disabled',
        };
        return (
          <Tooltip key={day} title={label}>
            {asset === null ? (
              <Box role="listitem" aria-label={label} data-class={audited?.class ?? 'none'} sx={cell} />
            ) : (
              <Box role="listitem" data-class={audited?.class ?? 'none'}>
                <Box
                  component={RouterLink}
                  to={dayHistoryPath(asset, day)}
                  aria-label={t('dayLink', { line: line.externalId, day, class: name })}
                  sx={{ ...cell, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
                />
              </Box>
            )}
          </Tooltip>
        );
      })}
    </Box>
  );
}
