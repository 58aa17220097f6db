import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  name: string;
  /** Without it the name is shown read-only. */
  onRename?: (name: string) => Promise<unknown>;
}

/** A user-defined role's column header: the name, a pencil, then an inline field with confirm and cancel. */
export function RoleNameEditor({ name, onRename }: Props) {
  const { t } = useTranslation('permissions');
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (editing === null || !onRename) {
    return (
      <Box sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'center', maxWidth: 200 }}>
        <Box component="span" sx={{ overflowWrap: 'break-word', minWidth: 0 }}>
          {name}
        </Box>
        {onRename && (
          <IconButton size="small" aria-label={t('editName', { role: name })} onClick={() => setEditing(name)}>
            <EditIcon fontSize="inherit" />
          </IconButton>
        )}
      </Box>
    );
  }

  const confirm = async () => {
    if (editing.trim() === '' || editing.trim() === name) return setEditing(null);
    setBusy(true);
    try {
      await onRename(editing.trim());
      setEditing(null);
    } catch {
      // The error notification says why; the field stays open to correct the name.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
      sx={{ display: 'inline-flex', alignItems: 'center' }}
    >
      <TextField
        size="small"
        margin="none"
        autoFocus
        value={editing}
        disabled={busy}
        onChange={(event) => setEditing(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && setEditing(null)}
        slotProps={{ htmlInput: { 'aria-label': t('roleName'), maxLength: 100 } }}
        sx={{ minWidth: 120 }}
      />
      <IconButton size="small" type="submit" disabled={busy} aria-label={t('confirmName')}>
        <CheckIcon fontSize="inherit" />
      </IconButton>
      <IconButton size="small" disabled={busy} aria-label={t('cancelName')} onClick={() => setEditing(null)}>
        <CloseIcon fontSize="inherit" />
      </IconButton>
    </Box>
  );
}
