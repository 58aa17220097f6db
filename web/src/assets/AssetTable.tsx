import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { Asset } from '@shared/schemas/asset';
import { useTranslation } from 'react-i18next';
import { rowOpenProps } from '../common/list/rowKeyboard';
import type { AssetColumn } from './assetColumns';
import { ASSET_PAGE_SIZE } from './assetsApi';
import type { ListSort } from './list/useUrlListState';

const PLACEHOLDER_ROWS = 5;
const CHECKBOX_WIDTH = 48;
const ID_WIDTH = 72;

/**
 * Fourteen columns do not fit a laptop: the table scrolls sideways, and the selection box and the leading ID
 * and Asset columns stay pinned on the left so a row keeps its name in view. null is the selection column.
 */
function pinnedSx(columnId: string | null, columns: readonly AssetColumn[], withSelection: boolean, header = false) {
  const offsets = new Map<string | null, number>();
  let left = 0;
  if (withSelection) {
    offsets.set(null, 0);
    left = CHECKBOX_WIDTH;
  }
  for (const column of columns) {
    if (column.id !== 'id' && column.id !== 'asset') break;
    offsets.set(column.id, left);
    if (column.id === 'id') left += ID_WIDTH;
  }
  const offset = offsets.get(columnId);
  if (offset === undefined) return {};
  const width = columnId === 'id' ? ID_WIDTH : columnId === null ? CHECKBOX_WIDTH : undefined;
  const fixedWidth = width ? { width, minWidth: width, maxWidth: width } : {};
  return {
    position: 'sticky',
    left: offset,
    zIndex: header ? 3 : 1,
    bgcolor: 'background.paper',
    boxSizing: 'border-box',
    ...fixedWidth,
    ...(columnId === 'asset' ? { boxShadow: 'inset -1px 0 0 rgba(0, 0, 0, 0.12)' } : {}),
  } as const;
}

export interface RowSelection {
  selected: ReadonlySet<number>;
  toggle: (id: number) => void;
  toggleAll: () => void;
}

interface AssetTableProps {
  assets: readonly Asset[];
  total: number;
  /** False when `total` is a lower bound (x-total-exact: false): shown as "of more than N". */
  totalExact?: boolean;
  /** No rows yet: placeholder rows. */
  loading: boolean;
  /**
   * The rows shown are the last answer's while another sort, page or filter is fetched: the table says it is
   * busy (screen readers announce the update; whoever selects rows waits for the new ones).
   */
  updating?: boolean;
  columns: readonly AssetColumn[];
  columnNames: Readonly<Record<string, string>>;
  sort: ListSort;
  onSort: (sort: ListSort) => void;
  page: number;
  onPage: (page: number) => void;
  selection: RowSelection | null;
  openId: number | null;
  onOpen: (id: number) => void;
}

export function AssetTable(props: AssetTableProps) {
  const { t } = useTranslation('assets');
  const { assets, columns, selection } = props;
  const width = columns.length + (selection ? 1 : 0);
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={t('title')} aria-busy={props.loading || Boolean(props.updating)}>
          <AssetTableHead {...props} />
          <TableBody>
            {props.loading &&
              Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
                <TableRow key={i} data-testid="placeholder-row">
                  {Array.from({ length: width }, (_, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: as above
                    <TableCell key={j}>
                      <Skeleton variant="text" />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {!props.loading && assets.length === 0 && (
              <TableRow>
                <TableCell colSpan={width} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {t('words.noResult')}
                </TableCell>
              </TableRow>
            )}
            {!props.loading &&
              assets.map((asset) => (
                <TableRow
                  key={asset.id}
                  hover
                  selected={props.openId === asset.id}
                  onClick={() => props.onOpen(asset.id)}
                  {...rowOpenProps(() => props.onOpen(asset.id))}
                  sx={{ cursor: 'pointer' }}
                >
                  {selection && (
                    <TableCell
                      padding="checkbox"
                      onClick={(e) => e.stopPropagation()}
                      sx={pinnedSx(null, columns, true)}
                    >
                      <Checkbox
                        checked={selection.selected.has(asset.id)}
                        onChange={() => selection.toggle(asset.id)}
                        slotProps={{ input: { 'aria-label': t('actions.selectRow', { name: asset.name }) } }}
                      />
                    </TableCell>
                  )}
                  {columns.map((column) => (
                    <TableCell
                      key={column.id}
                      align={column.align}
                      sx={{
                        // One line per row: the table scrolls sideways anyway, and rows stay scannable.
                        whiteSpace: 'nowrap',
                        ...pinnedSx(column.id, columns, !!selection),
                      }}
                    >
                      {column.render(asset, t)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={props.total}
        page={props.total === 0 ? 0 : props.page}
        rowsPerPage={ASSET_PAGE_SIZE}
        rowsPerPageOptions={[]}
        onPageChange={(_, page) => props.onPage(page)}
        {...(props.totalExact === false && {
          labelDisplayedRows: ({ from, to, count }) => t('pagination.ofMoreThan', { from, to, count }),
        })}
      />
    </Paper>
  );
}

function AssetTableHead({ assets, columns, columnNames, sort, onSort, selection }: AssetTableProps) {
  const { t } = useTranslation('assets');
  const all = assets.length > 0 && assets.every((a) => selection?.selected.has(a.id));
  const some = assets.some((a) => selection?.selected.has(a.id));
  return (
    <TableHead>
      <TableRow>
        {selection && (
          <TableCell padding="checkbox" sx={pinnedSx(null, columns, true, true)}>
            <Checkbox
              checked={all}
              indeterminate={some && !all}
              disabled={assets.length === 0}
              onChange={selection.toggleAll}
              slotProps={{ input: { 'aria-label': t('actions.selectAll') } }}
            />
          </TableCell>
        )}
        {columns.map((column) => {
          const label = columnNames[column.id] || t(`columns.${column.id}`);
          const field = column.sortField;
          return (
            <TableCell
              key={column.id}
              align={column.align}
              sx={{ whiteSpace: 'nowrap', fontWeight: 600, ...pinnedSx(column.id, columns, !!selection, true) }}
            >
              {field ? (
                <TableSortLabel
                  active={sort.field === field}
                  direction={sort.field === field ? sort.direction : 'asc'}
                  onClick={() =>
                    onSort({ field, direction: sort.field === field && sort.direction === 'asc' ? 'desc' : 'asc' })
                  }
                >
                  {label}
                </TableSortLabel>
              ) : (
                label
              )}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}
