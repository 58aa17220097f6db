import type { AuditEntry } from '@shared/schemas/audit-entry';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../assets/assetFormat';
import type { FilterField } from '../common/list/FilterDrawer';
import { type Column, ListScreen, parseTextPanelId } from '../common/list/ListScreen';
import { Code } from '../device-profiles/Code';
import { AuditEntryDrawer } from './AuditEntryDrawer';
import { ActionCell, ActorLabel, EntityLabel, StatusChip, useAuditWords } from './AuditLabels';
import { AUDIT_PAGE_SIZE, useAuditList } from './auditApi';
import { AUDIT_FILTER_KEYS, type AuditFilterKey, auditFilterSchema } from './auditFilters';
import { AUDITED_ACTIONS, ENTITY_FILTER_TYPES } from './auditKinds';

function useColumns() {
  const { t } = useTranslation('audit');
  return useMemo<Column<AuditEntry>[]>(
    () => [
      { id: 'at', label: t('columns.at'), render: (entry) => formatDateTime(entry.at) },
      { id: 'actor', label: t('columns.actor'), render: (entry) => <ActorLabel actor={entry.actor} /> },
      {
        id: 'action',
        label: t('columns.action'),
        // Phones have no status column: a refusal (a failed sign-in) still shows, beside what was tried.
        render: (entry) => (
          <ActionCell action={entry.action} refusal={entry.status >= 400 ? entry.status : undefined} />
        ),
      },
      {
        id: 'entity',
        label: t('columns.entity'),
        hideOnPhone: true,
        render: (entry) => <EntityLabel entity={entry.entity} />,
      },
      {
        id: 'status',
        label: t('columns.status'),
        hideOnPhone: true,
        render: (entry) => <StatusChip status={entry.status} />,
      },
      { id: 'ip', label: t('columns.ip'), hideOnPhone: true, render: (entry) => entry.ip },
    ],
    [t],
  );
}

function useFilterFields() {
  const { t } = useTranslation('audit');
  const { actionText, typeText } = useAuditWords();
  const example = (code: string) => (
    <>
      {t('filters.example')}: <Code>{code}</Code>
    </>
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the words and the example follow the language, as t does
  return useMemo<FilterField<AuditFilterKey>[]>(
    () => [
      { name: 'from', label: t('filters.from'), type: 'date' },
      { name: 'to', label: t('filters.to'), type: 'date' },
      {
        name: 'action',
        label: t('filters.action'),
        hint: example('assets.update'),
        suggestions: AUDITED_ACTIONS.map((action) => ({ value: action, label: actionText(action) })),
      },
      { name: 'actor', label: t('filters.actor'), hint: example('user:12') },
      {
        name: 'entityType',
        label: t('filters.entityType'),
        type: 'select',
        options: [
          { value: '', label: t('filters.anyType') },
          ...ENTITY_FILTER_TYPES.map(({ module }) => ({ value: module, label: typeText(module) ?? module })),
        ],
      },
      { name: 'entityId', label: t('filters.entityId') },
    ],
    [t],
  );
}

/**
 * /audit (administrators): the tenant's audit log, newest first, filtered by period, action, actor or entity
 * (all in the URL), and the entry's panel at /audit/<id> with every field it changed. Entries are known by a
 * text (`<time>#<request id>`), which the URL carries escaped.
 */
export default function AuditPage() {
  const { t } = useTranslation('audit');
  const columns = useColumns();
  const filterFields = useFilterFields();
  const filterSchema = useMemo(() => auditFilterSchema(t('filters.entityPair')), [t]);
  return (
    <ListScreen<AuditEntry, AuditFilterKey, string>
      basePath="/audit"
      parseId={parseTextPanelId}
      filterKeys={AUDIT_FILTER_KEYS}
      filterFields={filterFields}
      filterSchema={filterSchema}
      useRows={useAuditList}
      pageSize={AUDIT_PAGE_SIZE}
      columns={columns}
      loadErrorText={t('listError')}
      renderPanel={(id, close) => <AuditEntryDrawer entryId={id} onClose={close} />}
    />
  );
}
