import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { ConflictDialog } from '../common/conflict/ConflictDialog';
import { DeleteButton } from '../common/list/DeleteButton';
import type { PanelId } from '../common/list/ListScreen';
import { SideDrawer } from '../common/list/SideDrawer';
import { useSession } from '../session/useSession';
import { Code, withParts } from './Code';
import { CodecTestPanel } from './CodecTestPanel';
import { DeviceProfileFields } from './DeviceProfileFields';
import { useProfileDelete, useProfileForm } from './useProfilePanel';

/**
 * The device profile panel at /device-profiles/{id} and /device-profiles/new: the form, the test
 * panel under it, Delete (with confirmation; "in use" said in the panel) and Save with the conflict dialog.
 * Built-ins are shown read-only; their test panel still decodes with tracker-v1.
 */
export function DeviceProfileDrawer({ profileId, onClose }: { profileId: PanelId; onClose(): void }) {
  const { t } = useTranslation('deviceProfiles');
  const { t: tc } = useTranslation('common');
  const { hasAny } = useSession();
  const isNew = profileId === 'new';
  const editor = useProfileForm({ profileId, onClose });
  const profile = editor.profile;
  const deletion = useProfileDelete({ profileId, onClose });

  const loading = !isNew && !profile;
  const builtIn = profile?.built_in ?? false;
  const canSave = !builtIn && (isNew ? hasAny(['DEVICE_CREATE']) : hasAny(['DEVICE_EDIT']));
  const canDelete = !isNew && !builtIn && hasAny(['DEVICE_DELETE']);
  const title = isNew
    ? t('drawer.create')
    : t(builtIn ? 'drawer.builtIn' : 'drawer.edit', { name: profile?.name ?? '' });

  const actions = (
    <>
      {canDelete && (
        <DeleteButton
          message={t('confirmDelete', { name: profile?.name ?? '' })}
          onConfirm={deletion.onDelete}
          disabled={loading}
        />
      )}
      <Button onClick={onClose}>{tc('close')}</Button>
      {canSave && (
        <Button type="submit" form="device-profile-form" variant="contained" loading={editor.saving} disabled={loading}>
          {tc('save')}
        </Button>
      )}
    </>
  );

  return (
    <SideDrawer open width={100} title={loading ? <Skeleton width={200} /> : title} onClose={onClose} actions={actions}>
      {deletion.refusal && (
        <Alert
          ref={deletion.refusalBox}
          severity="error"
          sx={{ mb: 2 }}
          onClose={deletion.clearRefusal}
          data-testid="profile-delete-refused"
        >
          {deletion.refusal}
        </Alert>
      )}
      {builtIn && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {withParts((values) => t('hints.builtIn', values), { layout: <Code>tracker-v1</Code> })}
        </Alert>
      )}
      {loading ? (
        ['name', 'codec', 'paths', 'battery', 'heartbeat'].map((f) => <Skeleton key={f} height={72} />)
      ) : (
        <>
          <Box component="form" id="device-profile-form" noValidate onSubmit={editor.onSubmit}>
            <DeviceProfileFields form={editor.form} readOnly={!canSave} isNew={isNew} />
          </Box>
          <CodecTestPanel form={editor.form} />
        </>
      )}
      <ConflictDialog {...editor.conflictDialog} />
    </SideDrawer>
  );
}
