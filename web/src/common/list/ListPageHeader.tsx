import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { PanelId, RowId } from './listState';
import { SearchBox } from './SearchBox';

interface ListPageHeaderProps {
  title: string;
  intro?: ReactNode;
  /** `delay`: how long the search waits after typing (spec s.9 gives one per screen). */
  search?: { value: string; onChange(value: string): void; label?: string; delay: number };
  /** The screen's FilterDrawer. */
  filter?: ReactNode;
  /** The Add new button, when this user may create and the screen shows it as a button. */
  create?: { label: string; onClick(): void };
  /** Further toolbar buttons (an export menu), after the filter. */
  actions?: ReactNode;
  /** Buttons at the far end, before Add new (what acts on the checked rows). */
  end?: ReactNode;
}

/** The title and toolbar of every admin list screen: search, filter and, at the far end, Add new. */
export function ListPageHeader({ title, intro, search, filter, create, actions, end }: ListPageHeaderProps) {
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      )}
      {/* gap, not spacing: a button wrapped onto a second line starts at the left edge, not a margin in. */}
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        {search && (
          <SearchBox value={search.value} onChange={search.onChange} delay={search.delay} label={search.label} />
        )}
        {filter}
        {actions}
        {end && <Box sx={{ flexGrow: 1 }} />}
        {end}
        {create && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={create.onClick}
            sx={end ? undefined : { ml: 'auto !important' }}
          >
            {create.label}
          </Button>
        )}
      </Stack>
    </>
  );
}

/** The PagedTable props that follow from a Hydra collection query and the list's URL state. */
export function collectionTableProps<Row extends { id: Id }, Id extends RowId>(
  query: {
    data?: { 'hydra:member'?: Row[]; 'hydra:totalItems'?: number; totalExact?: boolean };
    isPending: boolean;
    isError?: boolean;
  },
  list: { page: number; setPage(page: number): void; openPanel(id: Id): void },
  pageSize: number,
  /** The open panel's id (parsed from the URL), highlighted in the table. */
  panelId?: PanelId<Id>,
) {
  return {
    rows: query.data?.['hydra:member'] ?? (query.isError ? [] : undefined),
    rowId: (row: Row) => row.id,
    total: query.data?.['hydra:totalItems'] ?? 0,
    totalExact: query.data?.totalExact,
    page: list.page,
    pageSize,
    loading: query.isPending,
    onPageChange: list.setPage,
    onRowClick: (row: Row) => list.openPanel(row.id),
    activeId: panelId === 'new' ? undefined : panelId,
  };
}
