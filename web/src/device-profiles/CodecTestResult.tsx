import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DeviceProfileTestResult, MappedFields } from '@shared/schemas/device-profile';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../i18n/translateMessage';
import { Code } from './Code';

const MAPPED: (keyof MappedFields)[] = [
  'latitude',
  'longitude',
  'accuracy',
  'battery_voltage',
  'battery_percent',
  'battery_low',
  'sabotaged',
  'event_type',
];

const decimals = new Intl.NumberFormat('en', { maximumFractionDigits: 7, useGrouping: false });

/** The decoded data, its messages, the mapped fields and how long the decode took. */
export function CodecTestResult({ result }: { result: DeviceProfileTestResult }) {
  const { t } = useTranslation('deviceProfiles');
  // The sandbox's own sentences (a time limit) are translated; a codec's messages are shown as it wrote them.
  const translate = useTranslateMessage();
  const show = (value: MappedFields[keyof MappedFields]) => {
    if (value === null)
      return (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {t('test.notFound')}
        </Box>
      );
    if (typeof value === 'boolean') return value ? t('test.yes') : t('test.no');
    // The event type is the codec's own word: shown as it came.
    if (typeof value === 'string') return <Code>{value}</Code>;
    return decimals.format(value);
  };
  const ok = result.errors.length === 0;

  return (
    <Box sx={{ mt: 2 }} data-testid="codec-test-result" data-outcome={ok ? 'decoded' : 'failed'} aria-live="polite">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('test.duration', { ms: decimals.format(Math.round(result.duration_ms * 100) / 100) })}
      </Typography>
      {result.errors.length > 0 && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="codec-test-errors">
          {t('test.errors')}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {result.errors.map((text) => (
              <li key={text}>{translate(text)}</li>
            ))}
          </Box>
        </Alert>
      )}
      {result.warnings.length > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="codec-test-warnings">
          {t('test.warnings')}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {result.warnings.map((text) => (
              <li key={text}>{translate(text)}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Box>
          <Typography variant="subtitle2" component="h4">
            {t('test.mapped')}
          </Typography>
          <Table size="small" aria-label={t('test.mapped')}>
            <TableBody>
              {MAPPED.map((key) => (
                <TableRow key={key} data-testid={`mapped-${key}`}>
                  <TableCell component="th" scope="row" sx={{ pl: 0 }}>
                    {t(`mapped.${key}`)}
                  </TableCell>
                  <TableCell>{show(result.mapped[key])}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" component="h4">
            {t('test.decoded')}
          </Typography>
          {/* The codec's own keys and values: no language of ours (zxx), kept as the codec wrote them. */}
          <Box
            component="pre"
            lang="zxx"
            tabIndex={0}
            aria-label={t('test.decoded')}
            data-testid="codec-test-data"
            sx={{
              m: 0,
              mt: 1,
              p: 1.5,
              bgcolor: 'action.hover',
              borderRadius: 1,
              fontSize: 13,
              overflow: 'auto',
              maxHeight: 360,
            }}
          >
            {result.data === null ? '—' : JSON.stringify(result.data, null, 2)}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
