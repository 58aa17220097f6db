import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { EXPORT_TYPES, type ExportType } from '@shared/schemas/export';
import { useState } from 'react';

export interface ExportMenuProps {
  /** The button's text ('Export'). */
  label: string;
  /** The button's tooltip while an export runs. */
  busyLabel: string;
  typeLabel(type: ExportType): string;
  start(type: ExportType): void;
  busy: boolean;
}

/** Spec 000 s.2: a list's export menu (PDF, Excel, CSV). One export at a time; the button spins meanwhile. */
export function ExportMenu({ label, busyLabel, typeLabel, start, busy }: ExportMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (type: ExportType) => {
    setAnchor(null);
    start(type);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <FileDownloadIcon />}
        disabled={busy}
        aria-busy={busy}
        aria-haspopup="menu"
        title={busy ? busyLabel : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {label}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {EXPORT_TYPES.map((type) => (
          <MenuItem key={type} disabled={busy} onClick={() => choose(type)}>
            {typeLabel(type)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
