import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAsset } from '../assetsApi';

// The dialog and its schema checks load when it first opens: the asset route stays within its budget.
const EvidenceDialog = lazy(() => import('./EvidenceDialog').then((module) => ({ default: module.EvidenceDialog })));

/**
 * "Evidence" in the asset panel's header: a document of where the asset was in a period, written by the export
 * worker (functions/lib/evidence/). Client users have it too: the server shows them what the history does.
 */
export function AssetEvidenceAction({ assetId }: { assetId: number }) {
  const { t } = useTranslation('evidence');
  const asset = useAsset(assetId).data;
  const [open, setOpen] = useState(false);
  if (!asset) return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<FactCheckOutlinedIcon />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="asset-evidence"
        sx={{ mr: 1 }}
      >
        {t('action')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <EvidenceDialog asset={asset} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
