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
}

/** The table's sort: the current order and what a header click asks for (same column: the other direction). */
export interface TableSort {
  order?: ListOrder;
  onChange(order: ListOrder): void;
}

export interface Selection<Id> {
  selected: readonly Id[];
  onChange(selected: Id[]): void;
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
  onPageChange(page: number): void;
  onRowClick?(row: Row): void;
  selection?: Selection<Id>;
  /** The row whose panel is open, highlighted. */
  activeId?: Id;
  /** Accessible name of the table. */
  label?: string;
  /** Sortable headers, for the columns with a `sortField`. */
  sort?: TableSort;
  /** False: a short list shown whole, without the paging footer. */
  paged?: boolean;
  testId?: string;
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

/** The list table of every screen: columns config, skeleton rows, empty state, paging, row click, selection. */
export function PagedTable<Row, Id extends string | number>(props: PagedTableProps<Row, Id>) {
  const { columns, rows, rowId, page, pageSize, total, loading, onPageChange, onRowClick, selection, activeId } = props;
  const { t } = useTranslation('common');
  const selected = new Set(selection?.selected ?? []);
  const visibleIds = (rows ?? []).map(rowId);
  const allSelected = visibleIds.length > 0 && visibleIds.every((id) => selected.has(id));
  const span = columns.length + (selection ? 1 : 0);

  const toggle = (id: Id) =>
    selection?.onChange(selected.has(id) ? [...selected].filter((s) => s !== id) : [...selected, id]);
  const toggleAll = () =>
    selection?.onChange(
      allSelected ? [...selected].filter((s) => !visibleIds.includes(s)) : [...new Set([...selected, ...visibleIds])],
    );

  const cell = (row: Row, column: Column<Row>) =>
    column.render ? column.render(row) : String((row as Record<string, unknown>)[column.id] ?? '');

  return (
    <Paper variant="outlined" data-testid={props.testId}>
      <TableContainer>
        <Table size="small" aria-label={props.label} aria-busy={loading}>
          <TableHead>
            <TableRow>
              {selection && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allSelected}
                    onChange={toggleAll}
                    slotProps={{ input: { 'aria-label': t('selectAll') } }}
                  />
                </TableCell>
              )}
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sx={{ fontWeight: 600, width: column.width, ...display(column.hideOnPhone) }}
                  sortDirection={
                    column.sortField && props.sort?.order?.field === column.sortField
                      ? props.sort.order.direction
                      : false
                  }
                >
                  <HeaderLabel column={column} sort={props.sort} />
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {loading &&
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
                <TableRow key={`skeleton-${i}`} data-testid="skeleton-row">
                  {selection && <TableCell padding="checkbox" />}
                  {columns.map((column) => (
                    <TableCell key={column.id} sx={display(column.hideOnPhone)}>
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
                      <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                        <Checkbox checked={selected.has(id)} onChange={() => toggle(id)} />
                      </TableCell>
                    )}
                    {columns.map((column) => (
                      <TableCell
                        key={column.id}
                        align={column.align}
                        sx={{ overflowWrap: 'anywhere', ...display(column.hideOnPhone) }}
                      >
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
          page={Math.max(0, page - 1)}
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
