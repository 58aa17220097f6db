import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Role } from '@shared/schemas/role';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../common/notifications/notificationStore';
import { usePageTitle } from '../common/pageHandle';
import { SecondFactorPolicyCard } from '../second-factor/SecondFactorPolicyCard';
import { useSession } from '../session/useSession';
import { changedRoles, holds, type MatrixDraft, type RoleChange, toggle, without } from './matrixDraft';
import { RoleMatrixTable } from './RoleMatrixTable';
import { ROLE_MATRIX_KEY, renameRole, saveRolePermissions, usePermissions, useRoleMatrix } from './rolesApi';

/** The Roles screen (spec 001 s.2): the tenant's role/permission matrix, saved role by role. */
export default function RolesPage() {
  const { t, i18n } = useTranslation('permissions');
  const title = usePageTitle();
  const { hasAny, isAdmin, reloadCurrentUser } = useSession();
  const queryClient = useQueryClient();
  const matrix = useRoleMatrix();
  const permissions = usePermissions();
  const [draft, setDraft] = useState<MatrixDraft>({});

  const mayEdit = hasAny(['PERMISSION_EDIT']);
  const isSuperAdmin = hasAny(['ROLE_SUPER_ADMIN']);
  const canEdit = (role: Role) => mayEdit && (role.name !== 'ROLE_SUPER_ADMIN' || isSuperAdmin);

  const rows = useMemo(
    () =>
      (permissions.data ?? [])
        .map(({ permission }) => ({ permission, label: t(`names.${permission}`, permission) }))
        .sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
    [permissions.data, t, i18n.language],
  );
  const changes = matrix.data ? changedRoles(draft, matrix.data) : [];

  const afterWrite = async () => {
    await queryClient.invalidateQueries({ queryKey: ROLE_MATRIX_KEY });
    // The signed-in user's own rights may have changed with the matrix.
    await reloadCurrentUser().catch(() => undefined);
  };

  const save = useMutation({
    mutationFn: async (toSave: RoleChange[]) => {
      const saved: number[] = [];
      try {
        for (const change of toSave) {
          await saveRolePermissions(change.role.id, change.permissions, change.version);
          saved.push(change.role.id);
        }
      } finally {
        // Drop the saved roles' drafts only once the fresh matrix is there, so no box flickers back.
        await afterWrite();
        setDraft((current) => saved.reduce(without, current));
      }
    },
    onSuccess: () => notifySuccess(t('saved')),
  });

  const rename = async (role: Role, name: string) => {
    const renamed = await renameRole(role.id, name, role.version).catch(async (error: unknown) => {
      await afterWrite();
      throw error;
    });
    // The rename is our own write: a drafted change of that role goes on from the new version.
    setDraft((current) =>
      current[role.id]?.version === role.version
        ? { ...current, [role.id]: { ...(current[role.id] as MatrixDraft[number]), version: renamed.version } }
        : current,
    );
    notifySuccess(t('renamed'));
    await afterWrite();
  };

  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 2, alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {changes.length > 0 && (
            <Typography variant="body2" color="text.secondary" role="status">
              {t('unsaved', { count: changes.length })}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {changes.length > 0 && (
              <Button onClick={() => setDraft({})} disabled={save.isPending}>
                {t('discard')}
              </Button>
            )}
            <Tooltip title={t('comingSoon')}>
              {/* A disabled button fires no events; the span lets the tooltip explain why. */}
              <span>
                <Button variant="outlined" startIcon={<AddIcon />} disabled>
                  {t('addRole')}
                </Button>
              </span>
            </Tooltip>
            <Button
              variant="contained"
              disabled={!mayEdit || changes.length === 0 || save.isPending}
              onClick={() => save.mutate(changes)}
            >
              {t('save')}
            </Button>
          </Stack>
        </Stack>
        {!mayEdit && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('readOnly')}
          </Alert>
        )}
        <Box sx={{ mx: { xs: -2, sm: 0 } }}>
          <RoleMatrixTable
            roles={matrix.data && permissions.data ? matrix.data : undefined}
            rows={rows}
            holds={(role, permission) => holds(draft, role, permission)}
            canEdit={(role) => canEdit(role) && !save.isPending}
            onToggle={(role, permission) => setDraft((current) => toggle(current, role, permission))}
            onRename={mayEdit ? rename : undefined}
          />
        </Box>
      </Paper>
      {isAdmin && <SecondFactorPolicyCard roles={matrix.data} />}
    </>
  );
}
