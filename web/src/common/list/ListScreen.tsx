import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import SpeedDialIcon from '@mui/material/SpeedDialIcon';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment, type ReactNode, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ExportMenu } from '../export/ExportMenu';
import type { ExportQuery } from '../export/useListExport';
import { usePageTitle } from '../pageHandle';
import { FilterDrawer, type FilterField } from './FilterDrawer';
import { collectionTableProps, ListPageHeader } from './ListPageHeader';
import { type OrderParam, type PanelId, parsePanelId, type RowId } from './listState';
import { type Column, PagedTable } from './PagedTable';
import { type PhoneAction, PhoneActionMenu } from './PhoneActionMenu';
import { useListLoadError } from './useListLoadError';
import { type Filters, type ListOrder, useListParams } from './useListParams';
import { useListSelection } from './useListSelection';

export type { OrderParam, PanelId, RowId } from './listState';
export { parsePanelId, parseTextPanelId } from './listState';
export type { Column } from './PagedTable';
export type { PhoneAction } from './PhoneActionMenu';
export type { Filters, ListOrder } from './useListParams';

/** What a screen's data hook is asked for: the list's URL state. */
export interface ListRowsParams<K extends string> {
  /** 1-based. */
  page: number;
  /** The search box text after its delay ('' for none). */
  search: string;
  /** The applied filters, only the non-empty ones. */
  filters: Filters<K>;
  /** The sort (the URL's, else `defaultOrder`); undefined on screens without sortable columns. */
  order?: ListOrder;
}

/** The part of a react-query result of a Hydra collection the screen reads. */
export interface ListRowsResult<Row> {
  /** `totalExact` false: the total is a lower bound (the API's x-total-exact), shown as "of more than N". */
  data?: { 'hydra:member'?: Row[]; 'hydra:totalItems'?: number; totalExact?: boolean };
  isPending: boolean;
  isError: boolean;
  /** The rows are the last answer's while the next is fetched (keepPreviousData): the table says it is busy. */
  isPlaceholderData?: boolean;
}

/** The checked rows, for what a screen does with them. */
export interface CheckedRows<Id extends RowId> {
  ids: readonly Id[];
  /** Unchecks them all (after a bulk action). */
  clear(): void;
}

/** Row checkboxes, when the screen acts on several rows; ListScreen keeps what is checked (per page). */
export interface ListSelection<Row, Id extends RowId> {
  /** The accessible names of the boxes: the page's, and a row's ("Select H-1234"). */
  allLabel: string;
  rowLabel(row: Row): string;
  /** After the page's box checked (true) or unchecked every row on screen; spec 000 s.2 gives a notice. */
  onToggleAll?(checked: boolean, count: number): void;
  /** Toolbar buttons acting on the checked rows, at the far end before Add new (not on phones). */
  actions?(checked: CheckedRows<Id>): ReactNode;
  /** The same actions in the phone's floating menu, before Add new. */
  phoneActions?(checked: CheckedRows<Id>): PhoneAction[];
}

/** The list's export menu: the file is the list as on screen (ExportMenu, common/export). */
export interface ListExportMenu<K extends string> {
  path: string;
  background: boolean;
  /** The export's query from the list's URL state (the same filters and sort as the rows'). */
  query(params: ListRowsParams<K>): ExportQuery;
  /** The file's columns, where the list's export takes them. */
  columns?(): readonly string[];
}

export interface ListScreenProps<Row extends { id: Id }, K extends string, Id extends RowId = number> {
  /** The screen's path ('/devices'); its route is `<path>/:id?`, so /devices/12 and /devices/new open the panel. */
  basePath: string;
  /**
   * How the path's id segment reads as a row id. Rows known by a number leave it out (positive integers and
   * 'new', parsePanelId); rows known by a text give parseTextPanelId.
   */
  parseId?(raw: string | undefined): PanelId<Id> | undefined;
  /** The heading and table name; defaults to the page title of the route. */
  title?: string;
  /** A sentence under the heading: what the list is for. */
  intro?: ReactNode;
  /** A short list, all of it in one answer: no paging footer (pageSize is then only the skeleton's room). */
  compact?: boolean;
  /** The search box: its label and how long it waits after typing (spec s.9 gives a delay per screen). Optional. */
  search?: { label?: string; delay: number };
  /** Filter names kept in the URL (`?id=3`), in the order of `filterFields`. Optional with `filterFields`. */
  filterKeys?: readonly K[];
  /** The filter drawer's fields (no Filter button without them). Keep the array stable (useMemo). */
  filterFields?: readonly FilterField<K>[];
  /** The shared filter schema, so the drawer says what the API would ("Must be a number"). */
  filterSchema?: z.ZodType;
  /** The screen's data hook (a react-query hook of its Hydra collection), called once per render. */
  useRows(params: ListRowsParams<K>): ListRowsResult<Row>;
  /** Rows a page, as the data hook asks the API. */
  pageSize: number;
  /** The table's columns; a column with `sortField` sorts on header click (`?order=<field>&dir=asc`). */
  columns: readonly Column<Row>[];
  /** The sort when the URL names none; give it on screens with sortable columns. */
  defaultOrder?: ListOrder;
  /** Add new: a toolbar button on desktop, the floating action menu on phones; shown only when `allowed`. */
  create?: { label: string; allowed: boolean };
  /** How the sort reads in the URL: `?order=&dir=` unless the screen's shared links say otherwise (listState). */
  orderParam?: OrderParam;
  /**
   * The screen's own filter control (a button and its drawer) instead of the FilterDrawer of `filterFields`,
   * given the applied filters and how to apply others (back to page 1).
   */
  renderFilter?(filter: { values: Filters<K>; apply(values: Filters<K>): void }): ReactNode;
  /** The export menu, after the filter button. */
  exportMenu?: ListExportMenu<K>;
  /** Extra toolbar content after the filter button and the export menu. */
  toolbar?: ReactNode;
  /** Extra actions of the phone floating menu (before Add new); the menu shows when there is any action. */
  phoneActions?: PhoneAction[];
  /** The phone menu's button: its accessible name and icon, where it holds more than Add new. */
  phoneMenu?: { label: string; icon: ReactNode };
  /** Below which width Add new and the selection's actions move into the floating menu: 'sm' unless a wide toolbar. */
  phoneBelow?: 'sm' | 'md';
  /** Row checkboxes, when the screen acts on several rows; leave out for users who may not. */
  selection?: ListSelection<Row, Id>;
  /** One line per row; the table scrolls sideways (with `pinned` columns), for lists of many columns. */
  noWrap?: boolean;
  /** The placeholder rows' test id, where a screen's tests know them by another than 'skeleton-row'. */
  skeletonTestId?: string;
  /** The screen's own list load-error text (spec 000 s.8); defaults to "…fetch the entity list". */
  loadErrorText?: string;
  /**
   * The side panel for a row id or 'new'; `close` goes back to the list. Remounted when the id changes. Without
   * it rows do not open (a list whose rows act through their own buttons: gateways, reports).
   */
  renderPanel?(id: PanelId<Id>, close: () => void): ReactNode;
  /** The table's test id, for browser tests that read its rows. */
  testId?: string;
}

const NO_FILTERS: readonly never[] = [];

/** The filter control: the screen's own (`renderFilter`), else the FilterDrawer of its fields, else none. */
function filterControl<K extends string>(
  props: Pick<ListScreenProps<never, K, never>, 'renderFilter' | 'filterFields' | 'filterSchema'>,
  list: { filters: Filters<K>; setFilters(values: Filters<K>): void },
) {
  if (props.renderFilter) return props.renderFilter({ values: list.filters, apply: list.setFilters });
  if (!props.filterFields?.length) return undefined;
  return (
    <FilterDrawer
      fields={props.filterFields}
      values={list.filters}
      onApply={list.setFilters}
      schema={props.filterSchema}
    />
  );
}

/** The export menu, its query read from the list's state when an export starts. */
function ListExportButton<K extends string>({ menu, params }: { menu: ListExportMenu<K>; params: ListRowsParams<K> }) {
  return (
    <ExportMenu path={menu.path} background={menu.background} query={() => menu.query(params)} columns={menu.columns} />
  );
}

/** The list's URL state, its rows, the checked rows and the open panel. */
function useListScreenState<Row extends { id: Id }, K extends string, Id extends RowId>(
  props: ListScreenProps<Row, K, Id>,
) {
  const { columns } = props;
  const sortFields = useMemo(() => columns.flatMap((c) => (c.sortField ? [c.sortField] : [])), [columns]);
  const list = useListParams({
    filterKeys: props.filterKeys ?? NO_FILTERS,
    basePath: props.basePath,
    sortFields,
    defaultOrder: props.defaultOrder,
    orderParam: props.orderParam,
  });
  const params = { page: list.page, search: list.search, filters: list.filters, order: list.order };
  const rows = props.useRows(params);
  useListLoadError(rows.isError, props.loadErrorText);
  const { selection, clear } = useListSelection<Id>(JSON.stringify(params));

  // Without parseId the rows are known by numbers (Id is number), which is what parsePanelId reads.
  const parseId = props.parseId ?? (parsePanelId as (raw: string | undefined) => PanelId<Id> | undefined);
  const { closePanel, openPanel } = list;
  return {
    list,
    params,
    rows,
    sortFields,
    selection,
    checked: { ids: selection.selected, clear },
    panelId: parseId(list.panelId),
    close: useCallback(() => closePanel(), [closePanel]),
    openNew: useCallback(() => openPanel('new'), [openPanel]),
  };
}

/**
 * One list screen (spec 000/001 s.2): title, debounced search, filter drawer, export menu, optional toolbar,
 * paged and optionally sorted table with optional row checkboxes, all its state in the URL, the side panel
 * open by id in the path, Add new as a button or (phones) a floating action menu, and the list load-error
 * notice.
 */
export function ListScreen<Row extends { id: Id }, K extends string, Id extends RowId = number>(
  props: ListScreenProps<Row, K, Id>,
) {
  const { search, pageSize, columns, create } = props;
  const { t } = useTranslation('common');
  const pageTitle = usePageTitle();
  const title = props.title ?? pageTitle;
  const { list, params, rows, sortFields, selection, checked, panelId, close, openNew } = useListScreenState(props);
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down(props.phoneBelow ?? 'sm'), { noSsr: true });
  const canCreate = create?.allowed ?? false;
  const phoneActions = [
    ...(props.selection?.phoneActions?.(checked) ?? []),
    ...(props.phoneActions ?? []),
    ...(canCreate && create ? [{ icon: <AddIcon />, label: create.label, onClick: openNew }] : []),
  ];
  const phoneMenu = isPhone && phoneActions.length > 0;

  return (
    // On phones the floating menu must not cover the last row or the pager.
    <Box sx={phoneMenu ? { pb: 10 } : undefined}>
      <ListPageHeader
        title={title}
        intro={props.intro}
        search={search && { value: list.search, onChange: list.setSearch, delay: search.delay, label: search.label }}
        filter={filterControl(props, list)}
        actions={
          <>
            {props.exportMenu && <ListExportButton menu={props.exportMenu} params={params} />}
            {props.toolbar}
          </>
        }
        end={isPhone ? undefined : props.selection?.actions?.(checked)}
        create={canCreate && create && !isPhone ? { label: create.label, onClick: openNew } : undefined}
      />
      <PagedTable
        label={title}
        testId={props.testId}
        skeletonTestId={props.skeletonTestId}
        columns={columns}
        noWrap={props.noWrap}
        selection={
          props.selection && {
            ...selection,
            allLabel: props.selection.allLabel,
            rowLabel: props.selection.rowLabel,
            onToggleAll: props.selection.onToggleAll,
          }
        }
        paged={!props.compact}
        sort={sortFields.length > 0 ? { order: list.order, onChange: list.setOrder } : undefined}
        updating={rows.isPlaceholderData}
        {...collectionTableProps(rows, list, pageSize, panelId)}
        {...(props.renderPanel ? {} : { onRowClick: undefined })}
      />
      {phoneMenu && (
        <PhoneActionMenu
          label={props.phoneMenu?.label ?? create?.label ?? t('actions')}
          icon={props.phoneMenu?.icon ?? <SpeedDialIcon />}
          actions={phoneActions}
        />
      )}
      {panelId !== undefined && props.renderPanel && (
        <Fragment key={panelId}>{props.renderPanel(panelId, close)}</Fragment>
      )}
    </Box>
  );
}
