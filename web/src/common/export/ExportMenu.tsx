import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { EXPORT_TYPES, type ExportType } from '@shared/schemas/export';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListExport, useListExport } from './useListExport';

export interface ExportMenuProps extends ListExport {
  /** Nothing to export (an empty list). */
  disabled?: boolean;
  /** Where a screen has two exports (a zone's visits now and of a period): which list, in the button's name. */
  listName?: string;
  size?: 'small' | 'medium';
  testId?: string;
}

/**
 * Spec 000 s.2: the export menu of every list that exports (PDF, Excel, CSV), with the same words, notices
 * and progress everywhere (useListExport). One export at a time; the button spins meanwhile.
 */
export function ExportMenu({ disabled, listName, size, testId, ...list }: ExportMenuProps) {
  const { t } = useTranslation('common');
  const { start, busy } = useListExport(list);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (type: ExportType) => {
    setAnchor(null);
    start(type);
  };
  return (
    <>
      <Button
        variant="outlined"
        size={size}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <FileDownloadIcon />}
        disabled={disabled || busy}
        aria-busy={busy}
        aria-haspopup="menu"
        aria-label={listName ? t('export.labelOf', { list: listName }) : undefined}
        title={busy ? t('export.busy') : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid={testId}
      >
        {t('export.label')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {EXPORT_TYPES.map((type) => (
          <MenuItem key={type} disabled={busy} onClick={() => choose(type)} data-testid={`export-${type}`}>
            {t(`export.types.${type}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
