import Chip from '@mui/material/Chip';
import type { StockState } from '@shared/schemas/zone-stock';
import { useTranslation } from 'react-i18next';

/** A below-minimum / above-maximum mark (nothing when within bounds): colour and a word, never colour alone. */
export function StockStateChip({ state }: { state: StockState }) {
  const { t } = useTranslation('zoneStock');
  if (state === 'ok') return null;
  return (
    <Chip
      size="small"
      color={state === 'below' ? 'warning' : 'error'}
      variant="outlined"
      label={t(`state.${state}`)}
      data-stock-state={state}
    />
  );
}

/** "min–max", a missing bound as an empty side ("2–", "–5"), nothing without limits. */
export const boundsText = (min: number | null, max: number | null) =>
  min === null && max === null ? '' : `${min ?? ''}–${max ?? ''}`;
