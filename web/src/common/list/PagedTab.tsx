import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SKELETON_ROWS } from './PagedTable';

/** What a tab's list shows: the frame writes it as `data-state`, so a test waits for it. */
export type PagedTabState = 'loading' | 'error' | 'empty' | 'ready';

export interface PagedTabProps<Row> {
  /** The list's accessible name ('Alarms'). */
  label: string;
  /** The rows of the page shown (the previous page's while the next loads). */
  rows: readonly Row[];
  rowKey(row: Row): string | number;
  /** One row: a `ListItem` (the list holds list items). */
  renderRow(row: Row): ReactNode;
  /** The first answer is not there yet: placeholder rows. */
  loading: boolean;
  /** The last answer failed: `errorText` above whatever rows there are. */
  failed: boolean;
  errorText: string;
  /** Paging, for a list read a page at a time; without it the list is given whole. 1-based, as the API pages. */
  paging?: { page: number; pageSize: number; total: number; onChange(page: number): void };
  /** Above the list: its filters, its export menu. */
  toolbar?: ReactNode;
  /** The height of a placeholder row, near a real row's so the tab does not jump when the rows come. */
  rowHeight?: number;
  dense?: boolean;
  testId?: string;
}

export function pagedTabState(loading: boolean, failed: boolean, count: number): PagedTabState {
  if (failed) return 'error';
  if (loading) return 'loading';
  return count === 0 ? 'empty' : 'ready';
}

/**
 * The frame of a panel tab (or panel section) that lists something a page at a time: the asset's events,
 * alarms and visits, a zone's visits. One place for what every such list does while it loads (5 placeholder
 * rows), when it is empty ("No result found"), when its answer failed (the tab's own text) and how it pages
 * (numbered pages under the list, shown from two pages on), so the tabs behave alike.
 */
export function PagedTab<Row>(props: PagedTabProps<Row>) {
  const { t } = useTranslation('common');
  const { rows, loading, failed, paging } = props;
  const state = pagedTabState(loading, failed, rows.length);
  const pages = paging ? Math.ceil(paging.total / paging.pageSize) : 0;
  return (
    <Box data-testid={props.testId} data-state={state}>
      {props.toolbar}
      {failed && (
        <Alert severity="error" sx={{ my: 1 }}>
          {props.errorText}
        </Alert>
      )}
      {loading &&
        Array.from({ length: SKELETON_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <Skeleton key={`skeleton-${i}`} height={props.rowHeight ?? 56} data-testid="skeleton-row" />
        ))}
      {state === 'empty' && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('noResult')}
        </Typography>
      )}
      <List aria-label={props.label} aria-busy={loading} dense={props.dense}>
        {rows.map((row) => (
          <Fragment key={props.rowKey(row)}>{props.renderRow(row)}</Fragment>
        ))}
      </List>
      {paging && pages > 1 && (
        <Pagination
          count={pages}
          page={paging.page}
          onChange={(_, page) => paging.onChange(page)}
          size="small"
          sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}
        />
      )}
    </Box>
  );
}
