import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../common/export/ExportMenu';
import { useAssetExport } from './useAssetExport';

/** Spec 000 s.2: the asset list's export menu (PDF, Excel, CSV). */
export function AssetExportMenu() {
  const { t } = useTranslation('assets');
  const { start, busy } = useAssetExport();
  return (
    <ExportMenu
      label={t('actions.export')}
      busyLabel={t('export.busy')}
      typeLabel={(type) => t(`actions.export_${type}`)}
      start={start}
      busy={busy}
    />
  );
}
