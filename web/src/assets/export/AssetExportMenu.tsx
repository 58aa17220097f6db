import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { EXPORT_TYPES, type ExportType } from '@shared/schemas/export';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssetExport } from './useAssetExport';

/** Spec 000 s.2: the list's export menu (PDF, Excel, CSV). One export at a time; the button spins meanwhile. */
export function AssetExportMenu() {
  const { t } = useTranslation('assets');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { start, busy } = useAssetExport();
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
        title={busy ? t('export.busy') : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('actions.export')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {EXPORT_TYPES.map((type) => (
          <MenuItem key={type} disabled={busy} onClick={() => choose(type)}>
            {t(`actions.export_${type}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
