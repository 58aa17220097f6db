import Checkbox from '@mui/material/Checkbox';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Role } from '@shared/schemas/role';
import { useTranslation } from 'react-i18next';
import { RoleNameEditor } from './RoleNameEditor';

export interface PermissionRow {
  permission: string;
  label: string;
}

interface Props {
  roles: readonly Role[] | undefined;
  rows: readonly PermissionRow[];
  holds: (role: Role, permission: string) => boolean;
  canEdit: (role: Role) => boolean;
  onToggle: (role: Role, permission: string) => void;
  onRename?: (role: Role, name: string) => Promise<unknown>;
}

const SKELETON_ROWS = 5;

/** The first column stays put while a phone scrolls the roles sideways. */
const stickyCell = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  minWidth: { xs: 140, sm: 200 },
  maxWidth: { xs: 150, sm: 'none' },
} as const;

/** Roles as columns, permissions as rows, one checkbox per cell (spec 001 s.2 Roles). */
export function RoleMatrixTable({ roles, rows, holds, canEdit, onToggle, onRename }: Props) {
  const { t } = useTranslation('permissions');
  const roleLabel = (role: Role) => (role.is_user_defined ? role.name : t(`roles.${role.name}`, role.name));

  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('title')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...stickyCell, zIndex: 2 }}>{t('permission')}</TableCell>
            {roles?.map((role) => (
              <TableCell
                key={role.id}
                align="center"
                sx={{
                  minWidth: { xs: 76, sm: 84 },
                  lineHeight: 1.25,
                  verticalAlign: 'bottom',
                }}
              >
                {role.is_user_defined ? (
                  <RoleNameEditor
                    name={role.name}
                    onRename={onRename && canEdit(role) ? (name) => onRename(role, name) : undefined}
                  />
                ) : (
                  roleLabel(role)
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {!roles
            ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
                <TableRow key={i}>
                  <TableCell colSpan={7}>
                    <Skeleton />
                  </TableCell>
                </TableRow>
              ))
            : rows.map((row) => (
                <TableRow key={row.permission} hover>
                  <TableCell component="th" scope="row" sx={stickyCell}>
                    <Typography variant="body2">{row.label}</Typography>
                    {/* The technical name helps admins who know it; a phone has no room for it. */}
                    <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
                      {row.permission}
                    </Typography>
                  </TableCell>
                  {roles.map((role) => (
                    <TableCell key={role.id} align="center" padding="checkbox">
                      <Checkbox
                        checked={holds(role, row.permission)}
                        disabled={!canEdit(role)}
                        onChange={() => onToggle(role, row.permission)}
                        slotProps={{
                          input: {
                            'aria-label': t('grant', { permission: row.label, role: roleLabel(role) }),
                          },
                        }}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
