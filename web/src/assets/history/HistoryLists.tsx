import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Stop } from '@shared/history/stops';
import type { ZoneVisit } from '@shared/schemas/zone-visit';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../assetFormat';

/** "3 d 4 h", "5 h 10 min", "25 min": how long a stop or a visit lasted. */
export function formatSpan(fromIso: string, toIso: string | null, t: (key: string, values: object) => string) {
  const minutes = Math.max(0, Math.round(((toIso ? Date.parse(toIso) : Date.now()) - Date.parse(fromIso)) / 60_000));
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return t('span.days', { d, h });
  return h > 0 ? t('span.hours', { h, m }) : t('span.minutes', { m });
}

/** The stops of the period, numbered as on the map; choosing one moves the slider to its first fix. */
export function StopList({ stops, onChoose }: { stops: readonly Stop[]; onChoose: (stop: Stop) => void }) {
  const { t } = useTranslation('assetHistory');
  if (stops.length === 0) return <Typography color="text.secondary">{t('noStops')}</Typography>;
  return (
    <List dense disablePadding data-testid="history-stops">
      {stops.map((stop, index) => (
        // A list holds list items only (axe): the button sits in its item.
        <ListItem key={stop.from} disablePadding>
          <ListItemButton onClick={() => onChoose(stop)} sx={{ px: 1 }} data-testid="history-stop">
            <ListItemText
              primary={`${index + 1}. ${formatDateTime(stop.from)} – ${formatDateTime(stop.to)}`}
              secondary={t('stopDetail', {
                span: formatSpan(stop.from, stop.to, t as never),
                count: stop.fixes,
                radius: stop.radius,
              })}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/** The zone visits that overlap the period, oldest first; choosing one moves the slider to its arrival. */
export function VisitChips({ visits, onChoose }: { visits: readonly ZoneVisit[]; onChoose: (at: string) => void }) {
  const { t } = useTranslation('assetHistory');
  if (visits.length === 0) return <Typography color="text.secondary">{t('noVisits')}</Typography>;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="history-visits">
      {visits.map((visit) => (
        <Chip
          key={`${visit.zoneId}-${visit.arrivedAt}`}
          icon={<PlaceIcon />}
          variant="outlined"
          onClick={() => onChoose(visit.arrivedAt)}
          label={`${visit.zoneName ?? `#${visit.zoneId}`}: ${formatDateTime(visit.arrivedAt)} – ${
            visit.leftAt ? formatDateTime(visit.leftAt) : t('stillThere')
          }`}
          sx={{ maxWidth: '100%' }}
        />
      ))}
    </Stack>
  );
}

interface HistorySliderProps {
  count: number;
  /** Indexes of the fixes where a stop or a zone visit begins. */
  marks: number[];
  index: number;
  onChange: (index: number) => void;
  /** What the marker's fix is: its time, accuracy, source and zone. */
  text: string;
}

/** The slider that moves the map's marker through the accepted fixes, oldest to newest. */
export function HistorySlider({ count, marks, index, onChange, text }: HistorySliderProps) {
  const { t } = useTranslation('assetHistory');
  return (
    <Box data-testid="history-slider">
      <Slider
        size="small"
        min={0}
        max={Math.max(0, count - 1)}
        value={Math.max(0, index)}
        marks={marks.map((value) => ({ value }))}
        onChange={(_, value) => onChange(value as number)}
        slotProps={{ input: { 'aria-label': t('slider') } }}
      />
      <Typography variant="body2" data-testid="history-current">
        {text}
      </Typography>
    </Box>
  );
}

interface HistorySummaryProps {
  stops: readonly Stop[];
  /** Null where zone visits are not the caller's to see. */
  visits: readonly ZoneVisit[] | null;
  onChoose: (at: string) => void;
}

/** Below the map once the period is read: its stops, and the zone visits that overlap it. */
export function HistorySummary({ stops, visits, onChoose }: HistorySummaryProps) {
  const { t } = useTranslation('assetHistory');
  return (
    <>
      <Typography variant="subtitle2" component="h3">
        {t('stops', { count: stops.length })}
      </Typography>
      <StopList stops={stops} onChoose={(stop) => onChoose(stop.from)} />
      {visits && (
        <>
          <Typography variant="subtitle2" component="h3">
            {t('visits')}
          </Typography>
          <VisitChips visits={visits} onChoose={onChoose} />
        </>
      )}
    </>
  );
}
