import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssetImportDialog } from './AssetImportDialog';

/** "Import" in the toolbar of /assets: opens the import dialog. */
export function AssetImportButton() {
  const { t } = useTranslation('assets');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        {t('import.button')}
      </Button>
      <AssetImportDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
