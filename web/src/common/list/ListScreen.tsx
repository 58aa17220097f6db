import AddIcon from '@mui/icons-material/Add';
import SpeedDialIcon from '@mui/material/SpeedDialIcon';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment, type ReactNode, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { usePageTitle } from '../pageHandle';
import { FilterDrawer, type FilterField } from './FilterDrawer';
import { collectionTableProps, ListPageHeader } from './ListPageHeader';
import { type PanelId, parsePanelId, type RowId } from './listState';
import { type Column, PagedTable, type Selection } from './PagedTable';
import { type PhoneAction, PhoneActionMenu } from './PhoneActionMenu';
import { useListLoadError } from './useListLoadError';
import { type Filters, type ListOrder, useListParams } from './useListParams';

export type { PanelId, RowId } from './listState';
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
  search?: { label: string; delay: number };
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
  /** Extra toolbar content after the filter button (an export menu). */
  toolbar?: ReactNode;
  /** Extra actions of the phone floating menu (after Add new); the menu shows when there is any action. */
  phoneActions?: PhoneAction[];
  /** Row checkboxes, when the screen acts on several rows. */
  selection?: Selection<Id>;
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

/**
 * One list screen (spec 000/001 s.2): title, debounced search, filter drawer, optional toolbar, paged and
 * optionally sorted table, all its state in the URL, the side panel open by id in the path, Add new as a
 * button or (phones) a floating action menu, and the list load-error notice.
 */
export function ListScreen<Row extends { id: Id }, K extends string, Id extends RowId = number>(
  props: ListScreenProps<Row, K, Id>,
) {
  const { basePath, search, filterKeys, filterFields, filterSchema, useRows, pageSize, columns, create } = props;
  const { t } = useTranslation('common');
  const pageTitle = usePageTitle();
  const title = props.title ?? pageTitle;
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const sortFields = useMemo(() => columns.flatMap((c) => (c.sortField ? [c.sortField] : [])), [columns]);
  const list = useListParams({
    filterKeys: filterKeys ?? NO_FILTERS,
    basePath,
    sortFields,
    defaultOrder: props.defaultOrder,
  });
  const rows = useRows({ page: list.page, search: list.search, filters: list.filters, order: list.order });
  useListLoadError(rows.isError, props.loadErrorText);

  // Without parseId the rows are known by numbers (Id is number), which is what parsePanelId reads.
  const parseId = props.parseId ?? (parsePanelId as (raw: string | undefined) => PanelId<Id> | undefined);
  const panelId = parseId(list.panelId);
  const { closePanel, openPanel } = list;
  const close = useCallback(() => closePanel(), [closePanel]);
  const openNew = useCallback(() => openPanel('new'), [openPanel]);
  const canCreate = create?.allowed ?? false;
  const phoneActions = [
    ...(canCreate && create ? [{ icon: <AddIcon />, label: create.label, onClick: openNew }] : []),
    ...(props.phoneActions ?? []),
  ];

  return (
    <>
      <ListPageHeader
        title={title}
        intro={props.intro}
        search={search && { value: list.search, onChange: list.setSearch, delay: search.delay, label: search.label }}
        filter={
          filterFields?.length ? (
            <FilterDrawer fields={filterFields} values={list.filters} onApply={list.setFilters} schema={filterSchema} />
          ) : undefined
        }
        actions={props.toolbar}
        create={canCreate && create && !isPhone ? { label: create.label, onClick: openNew } : undefined}
      />
      <PagedTable
        label={title}
        testId={props.testId}
        columns={columns}
        selection={props.selection}
        paged={!props.compact}
        sort={sortFields.length > 0 ? { order: list.order, onChange: list.setOrder } : undefined}
        {...collectionTableProps(rows, list, pageSize, panelId)}
        {...(props.renderPanel ? {} : { onRowClick: undefined })}
      />
      {isPhone && phoneActions.length > 0 && (
        <PhoneActionMenu label={create?.label ?? t('actions')} icon={<SpeedDialIcon />} actions={phoneActions} />
      )}
      {panelId !== undefined && props.renderPanel && (
        <Fragment key={panelId}>{props.renderPanel(panelId, close)}</Fragment>
      )}
    </>
  );
}
