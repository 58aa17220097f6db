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
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lastPinned, pinnedOffsets, pinnedSx } from './pinnedColumns';
import { rowOpenProps } from './rowKeyboard';
import type { ListOrder } from './useListParams';

/** Spec 001 s.9: 5 placeholder rows while a list loads. */
export const SKELETON_ROWS = 5;

export interface Column<Row> {
  id: string;
  label: ReactNode;
  /** Defaults to the row's property named `id`. */
  render?: (row: Row) => ReactNode;
  /** Hidden below the sm breakpoint, to keep phone tables readable. */
  hideOnPhone?: boolean;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /** The API's sort field for this column (`order[<sortField>]`); the header then sorts on click. */
  sortField?: string;
  /**
   * Stays on the left while the table scrolls sideways (with the selection box), for the leading columns that
   * name a row; every pinned column but the last gives its `width` in pixels.
   */
  pinned?: boolean;
}

/** The table's sort: the current order and what a header click asks for (same column: the other direction). */
export interface TableSort {
  order?: ListOrder;
  onChange(order: ListOrder): void;
}

export interface Selection<Id, Row = never> {
  selected: readonly Id[];
  onChange(selected: Id[]): void;
  /** The header box's accessible name; defaults to "Select all". */
  allLabel?: string;
  /** A row's box's accessible name ("Select H-1234"). */
  rowLabel?(row: Row): string;
  /** After the header box checked (true) or unchecked the rows on screen; `count`: how many. */
  onToggleAll?(checked: boolean, count: number): void;
}

export interface PagedTableProps<Row, Id extends string | number> {
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  rowId(row: Row): Id;
  /** 1-based, as the API pages. */
  page: number;
  pageSize: number;
  total: number;
  /** False when `total` is a lower bound (x-total-exact: false): shown as "of more than N". */
  totalExact?: boolean;
  loading: boolean;
  /**
   * The rows shown are the last answer's while another page, sort or filter is fetched: the table says it is
   * busy (screen readers announce the update; whoever selects rows waits for the new ones).
   */
  updating?: boolean;
  onPageChange(page: number): void;
  onRowClick?(row: Row): void;
  selection?: Selection<Id, Row>;
  /** The row whose panel is open, highlighted. */
  activeId?: Id;
  /** Accessible name of the table. */
  label?: string;
  /** Sortable headers, for the columns with a `sortField`. */
  sort?: TableSort;
  /** False: a short list shown whole, without the paging footer. */
  paged?: boolean;
  /** One line per row: a wide table scrolls sideways rather than wrap its cells (with `pinned` columns). */
  noWrap?: boolean;
  testId?: string;
  /** The placeholder rows' test id; 'skeleton-row' unless a screen's tests know them by another. */
  skeletonTestId?: string;
}

const display = (hide?: boolean) => (hide ? { display: { xs: 'none', sm: 'table-cell' } } : undefined);

/** A column's header text, as a sort button when the column sorts. */
function HeaderLabel<Row>({ column, sort }: { column: Column<Row>; sort?: TableSort }) {
  const field = column.sortField;
  if (!field || !sort) return <>{column.label}</>;
  const active = sort.order?.field === field;
  const direction = active ? (sort.order?.direction ?? 'asc') : 'asc';
  const next = active && direction === 'asc' ? 'desc' : 'asc';
  return (
    <TableSortLabel active={active} direction={direction} onClick={() => sort.onChange({ field, direction: next })}>
      {column.label}
    </TableSortLabel>
  );
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const WRAP_ANYWHERE = { overflowWrap: 'anywhere' } as const;

/** How the cells of one table look: pinned offsets, wrapping and phone hiding, per column. */
function useCellStyle<Row>(columns: readonly Column<Row>[], withSelection: boolean, noWrap?: boolean) {
  const offsets = pinnedOffsets(columns, withSelection);
  const last = lastPinned(columns);
  return (column: Column<Row> | null, header: boolean) => ({
    ...(column ? display(column.hideOnPhone) : {}),
    ...(column && !header ? (noWrap ? NO_WRAP : WRAP_ANYWHERE) : {}),
    ...(header && noWrap ? NO_WRAP : {}),
    ...pinnedSx(offsets, column, { header, last: column !== null && column.id === last }),
  });
}

type CellStyle<Row> = ReturnType<typeof useCellStyle<Row>>;

function PagedTableHead<Row, Id extends string | number>(
  props: PagedTableProps<Row, Id> & { cellSx: CellStyle<Row>; toggleAll(): void; checked: 'all' | 'some' | 'none' },
) {
  const { columns, selection, cellSx, checked } = props;
  const { t } = useTranslation('common');
  return (
    <TableHead>
      <TableRow>
        {selection && (
          <TableCell padding="checkbox" sx={cellSx(null, true)}>
            <Checkbox
              checked={checked === 'all'}
              indeterminate={checked === 'some'}
              disabled={!props.rows?.length}
              onChange={props.toggleAll}
              slotProps={{ input: { 'aria-label': selection.allLabel ?? t('selectAll') } }}
            />
          </TableCell>
        )}
        {columns.map((column) => (
          <TableCell
            key={column.id}
            align={column.align}
            sx={{ fontWeight: 600, width: column.width, ...cellSx(column, true) }}
            sortDirection={
              column.sortField && props.sort?.order?.field === column.sortField ? props.sort.order.direction : false
            }
          >
            <HeaderLabel column={column} sort={props.sort} />
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

/** The list table of every screen: columns config, skeleton rows, empty state, paging, row click, selection. */
export function PagedTable<Row, Id extends string | number>(props: PagedTableProps<Row, Id>) {
  const { columns, rows, rowId, page, pageSize, total, loading, onPageChange, onRowClick, selection, activeId } = props;
  const { t } = useTranslation('common');
  const selected = new Set(selection?.selected ?? []);
  const visibleIds = (rows ?? []).map(rowId);
  const allSelected = visibleIds.length > 0 && visibleIds.every((id) => selected.has(id));
  const someSelected = visibleIds.some((id) => selected.has(id));
  const span = columns.length + (selection ? 1 : 0);
  const cellSx = useCellStyle(columns, !!selection, props.noWrap);

  const toggle = (id: Id) =>
    selection?.onChange(selected.has(id) ? [...selected].filter((s) => s !== id) : [...selected, id]);
  const toggleAll = () => {
    selection?.onChange(
      allSelected ? [...selected].filter((s) => !visibleIds.includes(s)) : [...new Set([...selected, ...visibleIds])],
    );
    selection?.onToggleAll?.(!allSelected, visibleIds.length);
  };

  const cell = (row: Row, column: Column<Row>) =>
    column.render ? column.render(row) : String((row as Record<string, unknown>)[column.id] ?? '');

  return (
    <Paper variant="outlined" data-testid={props.testId}>
      <TableContainer>
        <Table size="small" aria-label={props.label} aria-busy={loading || Boolean(props.updating)}>
          <PagedTableHead
            {...props}
            cellSx={cellSx}
            toggleAll={toggleAll}
            checked={allSelected ? 'all' : someSelected ? 'some' : 'none'}
          />
          <TableBody>
            {loading &&
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
                <TableRow key={`skeleton-${i}`} data-testid={props.skeletonTestId ?? 'skeleton-row'}>
                  {selection && <TableCell padding="checkbox" sx={cellSx(null, false)} />}
                  {columns.map((column) => (
                    <TableCell key={column.id} sx={cellSx(column, false)}>
                      <Skeleton variant="text" />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {!loading && rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={span} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {t('noResult')}
                </TableCell>
              </TableRow>
            )}
            {!loading &&
              rows?.map((row) => {
                const id = rowId(row);
                return (
                  <TableRow
                    key={id}
                    hover={!!onRowClick}
                    selected={id === activeId || selected.has(id)}
                    onClick={onRowClick ? () => onRowClick(row) : undefined}
                    {...(onRowClick ? rowOpenProps(() => onRowClick(row)) : {})}
                    sx={onRowClick ? { cursor: 'pointer' } : undefined}
                  >
                    {selection && (
                      <TableCell
                        padding="checkbox"
                        onClick={(event) => event.stopPropagation()}
                        sx={cellSx(null, false)}
                      >
                        <Checkbox
                          checked={selected.has(id)}
                          onChange={() => toggle(id)}
                          slotProps={{ input: { 'aria-label': selection.rowLabel?.(row) } }}
                        />
                      </TableCell>
                    )}
                    {columns.map((column) => (
                      <TableCell key={column.id} align={column.align} sx={cellSx(column, false)}>
                        {cell(row, column)}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
          </TableBody>
        </Table>
      </TableContainer>
      {props.paged !== false && (
        <TablePagination
          component="div"
          count={total}
          // An empty answer has no page 2: MUI wants page 0 then.
          page={total === 0 ? 0 : Math.max(0, page - 1)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[]}
          onPageChange={(_, zeroBased) => onPageChange(zeroBased + 1)}
          {...(props.totalExact === false && {
            labelDisplayedRows: ({ from, to, count }) => t('ofMoreThan', { from, to, count }),
          })}
        />
      )}
    </Paper>
  );
}
