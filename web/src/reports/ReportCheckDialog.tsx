import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReportCheckAnswer, ReportCheckFix } from '@shared/schemas/report-check';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  name: string;
  answer: ReportCheckAnswer;
  onClose(): void;
}

function useFormats() {
  const { i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const metres = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 });
  const km = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 });
  return {
    time: (iso: string) => time.format(new Date(iso)),
    distance: (m: number) => (m < 1000 ? metres.format(m) : km.format(m / 1000)),
  };
}

/** One fix of the evidence: when, where against the depot, how far, how accurate, and whether it counted. */
function FixLine({ fix, deciding }: { fix: ReportCheckFix; deciding: boolean }) {
  const { t } = useTranslation('reports');
  const format = useFormats();
  const place = fix.place ? t(`check.place.${fix.place}`) : '';
  const details = [
    fix.distance === null ? null : t('check.fromDepot', { distance: format.distance(fix.distance) }),
    fix.radius === null ? null : t('check.accuracy', { radius: format.distance(fix.radius) }),
    fix.source ? t(`check.source.${fix.source}`) : null,
    fix.zone?.name ?? null,
    fix.counts ? null : t('check.notCounted'),
  ].filter(Boolean);
  return (
    <ListItem
      disableGutters
      divider
      data-fix-place={fix.place ?? 'none'}
      sx={{ opacity: fix.counts ? 1 : 0.7, alignItems: 'flex-start' }}
      secondaryAction={deciding ? <Chip size="small" variant="outlined" label={t('check.deciding')} /> : undefined}
    >
      <ListItemText
        primary={`${format.time(fix.at)} · ${place}`}
        secondary={details.join(' · ')}
        sx={{ pr: deciding ? 10 : 0 }}
      />
    </ListItem>
  );
}

/**
 * The evidence of a report's check: the reason in words, the report's time and window, the depot, and the
 * tag's fixes of the window with their distance from the depot. Full screen on a phone.
 */
export function ReportCheckDialog({ open, name, answer, onClose }: Props) {
  const { t } = useTranslation('reports');
  const format = useFormats();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { check, report } = answer;
  const { evidence } = check;
  const depot = evidence.depot?.name ?? t('check.depotUnnamed');
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="report-check">
      <DialogTitle id="report-check">{t('check.title', { name })}</DialogTitle>
      <DialogContent data-testid="report-check-evidence">
        <Typography gutterBottom data-report-check-reason={check.reason}>
          <strong>{t(`check.${check.result}`)}</strong> — {t(`check.reason.${check.reason}`, { depot })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(report.kind === 'delivered' ? 'delivered' : 'empty')}
          {report.at ? ` · ${format.time(report.at)}` : ''}
        </Typography>
        {evidence.from && evidence.to ? (
          <Typography variant="body2" color="text.secondary">
            {t('check.window', { from: format.time(evidence.from), to: format.time(evidence.to) })}
          </Typography>
        ) : null}
        {evidence.depot ? (
          <Typography variant="body2" color="text.secondary">
            {t('check.depot', { depot })}
          </Typography>
        ) : null}
        {report.phone_position ? (
          // The reporting phone's own position (docs/decisions/0329): a second witness, not part of the answer.
          <Typography variant="body2" color="text.secondary" data-testid="report-phone-position">
            {t('check.phone', {
              lat: report.phone_position.lat.toFixed(5),
              lon: report.phone_position.lon.toFixed(5),
              accuracy: Math.round(report.phone_position.accuracy_m),
              time: format.time(report.phone_position.at),
            })}
          </Typography>
        ) : null}
        {evidence.fixes.length > 0 ? (
          <List dense aria-label={t('check.fixes')}>
            {evidence.fixes.map((fix) => (
              <FixLine key={fix.at} fix={fix} deciding={fix.at === evidence.deciding?.at} />
            ))}
          </List>
        ) : (
          <Typography sx={{ mt: 2 }}>{t('check.noFixes')}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('check.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
