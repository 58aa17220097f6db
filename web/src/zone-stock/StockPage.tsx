import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { alpha, type Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { StockTable } from '@shared/schemas/zone-stock';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../common/pageHandle';
import { StockAssetsDrawer } from './StockAssetsDrawer';
import { useStockTable } from './stockApi';
import { boundsText } from './stockStates';

type Cell = StockTable['rows'][number]['cells'][number];

/** Light tints, so the count and its bounds keep their contrast (WCAG AA) on the mark. */
const stateColour = (state: Cell['state']) => (theme: Theme) =>
  state === 'ok' ? undefined : alpha(state === 'below' ? theme.palette.warning.main : theme.palette.error.main, 0.16);

/**
 * The Stock screen: zones as rows, asset profiles as columns, the assets inside each zone
 * now; a count below the zone's minimum or above its maximum is marked (colour, a sign and its bounds). A
 * cell opens its assets (`/stock?zone=..&profile=..`, so the drill-down can be linked and closed with Back).
 * On a phone the table scrolls sideways under a fixed zone column.
 */
export default function StockPage() {
  const { t } = useTranslation('zoneStock');
  const { t: tc } = useTranslation('common');
  const title = usePageTitle();
  const table = useStockTable();
  const [params, setParams] = useSearchParams();
  const zone = params.get('zone');
  const profile = params.get('profile');
  const open = (zoneId: number, profileKey: number | null) =>
    setParams({ zone: String(zoneId), profile: profileKey === null ? 'none' : String(profileKey) });
  const data = table.data;

  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{t('intro')}</Typography>
      <Paper variant="outlined">
        <TableContainer
          sx={{ maxHeight: { md: 'calc(100vh - 260px)' }, overflowX: 'auto' }}
          data-stock-table={data ? 'loaded' : 'loading'}
        >
          <Table size="small" stickyHeader aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ position: 'sticky', left: 0, zIndex: 3, bgcolor: 'background.paper', minWidth: 140 }}>
                  {t('zone')}
                </TableCell>
                {data?.profiles.map((p) => (
                  <TableCell key={p.id ?? 'none'} align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {p.name ?? t('noProfile')}
                  </TableCell>
                ))}
                <TableCell align="right">{t('total')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {!data &&
                Array.from({ length: 5 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
                  <TableRow key={i}>
                    <TableCell colSpan={3}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))}
              {data && data.rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={data.profiles.length + 2}>{tc('noResult')}</TableCell>
                </TableRow>
              )}
              {data?.rows.map((row) => (
                <TableRow key={row.zone.id} hover>
                  <TableCell
                    component="th"
                    scope="row"
                    sx={{ position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper', fontWeight: 600 }}
                  >
                    {row.zone.name ?? `#${row.zone.id}`}
                  </TableCell>
                  {row.cells.map((cell) => (
                    <CountCell
                      key={cell.profile ?? 'none'}
                      cell={cell}
                      onOpen={() => open(row.zone.id, cell.profile)}
                    />
                  ))}
                  <TableCell align="right">{row.total}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <StockAssetsDrawer
        zoneId={zone === null ? null : Number(zone)}
        profile={profile}
        table={data}
        onClose={() => setParams({})}
      />
    </Stack>
  );
}

function CountCell({ cell, onOpen }: { cell: Cell; onOpen(): void }) {
  const { t } = useTranslation('zoneStock');
  const bounds = boundsText(cell.min, cell.max);
  const mark = cell.state === 'below' ? '▼ ' : cell.state === 'above' ? '▲ ' : '';
  const label = cell.state === 'ok' ? String(cell.count) : `${cell.count}, ${t(`state.${cell.state}`)} ${bounds}`;
  return (
    <TableCell
      align="right"
      data-stock-state={cell.state}
      sx={{ bgcolor: stateColour(cell.state), cursor: 'pointer', whiteSpace: 'nowrap', p: 0 }}
    >
      <Typography
        component="button"
        type="button"
        onClick={onOpen}
        aria-label={label}
        title={bounds ? `${t('bounds')} ${bounds}` : undefined}
        // A button is as wide as its text even as a block: the full width keeps the count under its heading.
        sx={{
          all: 'unset',
          display: 'block',
          boxSizing: 'border-box',
          width: '100%',
          textAlign: 'right',
          px: 2,
          py: 0.75,
          cursor: 'pointer',
          fontWeight: cell.state === 'ok' ? 400 : 700,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
        }}
      >
        {mark}
        {cell.count}
        {bounds && (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
            ({bounds})
          </Typography>
        )}
      </Typography>
    </TableCell>
  );
}
