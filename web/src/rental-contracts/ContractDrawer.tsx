import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { api } from '../api/apiClient';
import { ConflictDialog } from '../common/conflict/ConflictDialog';
import { conflictRowsOf } from '../common/conflict/conflicts';
import { DeleteButton } from '../common/list/DeleteButton';
import { SideDrawer } from '../common/list/SideDrawer';
import { usePanelForm } from '../common/list/usePanelForm';
import { notifySuccess } from '../common/notifications/notificationStore';
import { useSession } from '../session/useSession';
import { ContractVersions } from './ContractVersions';
import { contractPayload, contractResolver } from './contractForm';
import { columnOf, EMPTY_LINE, LINE_COLUMNS, type LineColumn, type LineText, lineText } from './contractLine';
import { type ContractWithVersions, useContractLine, useContractMutations } from './rentalContractsApi';

/** Whether a line has this external id (a 404 says not). */
const lineExists = (externalId: string) =>
  api.get(`/api/rental-contracts/${encodeURIComponent(externalId)}`).then(
    () => true,
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return false;
      throw error;
    },
  );

const DAYS = new Set<LineColumn>(['onHire', 'expectedReturn', 'offHire']);
/** The status changes by Cancel, never by typing. */
const EDITED = LINE_COLUMNS.filter((column) => column !== 'status');

/**
 * One contract line (docs/decisions/0328-rental-contract-screens-and-import-checked-in-the-browser.md): its
 * fields, its versions newest first, Cancel with a confirmation (a status: the line and its versions stay) and
 * Edit, the form checked by the shared schema and saved with the version read (a 409 opens the conflict dialog).
 */
export function ContractDrawer({ externalId, onClose }: { externalId: string; onClose(): void }) {
  const { t } = useTranslation('rentalContracts');
  const { t: tc } = useTranslation('common');
  const { hasAny } = useSession();
  const isNew = externalId === 'new';
  const existing = useContractLine(isNew ? undefined : externalId);
  const { save, cancel } = useContractMutations();
  const [editing, setEditing] = useState(isNew);
  const line = existing.data;
  const label = (column: LineColumn) => t(`fields.${column}`);
  const { form, submit, fieldError, conflictDialog } = usePanelForm<LineText, ContractWithVersions>({
    resolver: contractResolver,
    empty: EMPTY_LINE,
    entity: line,
    failed: existing.isError,
    toFormValues: lineText,
    fields: new Set(LINE_COLUMNS),
    fieldOf: (path) => columnOf(path) ?? path,
    conflict: {
      reread: () => existing.refetch().then((read) => read.data),
      rows: conflictRowsOf<LineText>(Object.fromEntries(EDITED.map((column) => [column, label(column)]))),
    },
    onClose,
  });
  const canEdit = hasAny(['CUSTOMER_EDIT']);
  const loading = !isNew && !line;

  const onSubmit = submit(async (values) => {
    // PUT replaces whatever is stored (the ERP's way): a new line in the console must not replace one unseen.
    if (isNew && (await lineExists(values.externalId.trim()))) {
      const message = t('errors.exists');
      throw new ApiError(422, message, [{ propertyPath: 'externalId', message }]);
    }
    await save.mutateAsync({ externalId: values.externalId.trim(), payload: contractPayload(values) });
    return t('notifications.saved');
  });
  const onCancel = async () => {
    await cancel.mutateAsync(externalId);
    notifySuccess(t('notifications.cancelled'));
    onClose();
  };

  const actions = canEdit && (
    <>
      {!isNew && line?.status === 'active' && (
        <DeleteButton label={t('cancel')} message={t('confirmCancel', { id: externalId })} onConfirm={onCancel} />
      )}
      {!editing && (
        <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)} disabled={loading}>
          {tc('edit')}
        </Button>
      )}
      {editing && (
        <Button type="submit" form="contract-form" variant="contained" loading={save.isPending} disabled={loading}>
          {tc('save')}
        </Button>
      )}
    </>
  );

  return (
    <SideDrawer
      open
      title={isNew ? t('drawer.new') : t('drawer.title', { id: externalId })}
      onClose={onClose}
      actions={actions || undefined}
    >
      {loading ? (
        EDITED.map((column) => <Skeleton key={column} height={56} />)
      ) : (
        <Box component="form" id="contract-form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
          {!isNew && (
            <TextField
              label={t('fields.status')}
              value={t(`statuses.${line?.status ?? 'active'}`)}
              slotProps={{ input: { readOnly: true } }}
            />
          )}
          {EDITED.map((column) => (
            <TextField
              key={column}
              label={label(column)}
              type={DAYS.has(column) ? 'date' : 'text'}
              slotProps={{
                inputLabel: DAYS.has(column) ? { shrink: true } : undefined,
                input: { readOnly: !editing || (column === 'externalId' && !isNew) },
              }}
              {...form.register(column)}
              {...fieldError(column)}
            />
          ))}
        </Box>
      )}
      {line && <ContractVersions versions={line.versions} />}
      <ConflictDialog {...conflictDialog} />
    </SideDrawer>
  );
}
