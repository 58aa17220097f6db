import { DEFAULT_ASSET_ORDER } from '@shared/schemas/asset';
import { SETTING_NAMES } from '@shared/schemas/settings';
import { useTranslation } from 'react-i18next';
import { exportLocale, isRefusedExport, useExportJob } from '../../common/export/useExportJob';
import { useSession } from '../../session/useSession';
import { visibleColumns } from '../assetColumns';
import { ASSET_FILTER_KEYS, toApiFilters } from '../assetFilters';
import { useFrontendSetting } from '../assetsApi';
import { useUrlListState } from '../list/useUrlListState';
import { useAssetMessage } from '../useAssetMessage';

const stringList = (data: unknown): string[] =>
  Array.isArray(data) ? data.filter((v): v is string => typeof v === 'string') : [];

/**
 * Exports the asset list as it is on screen: the filters and sort of the URL, the columns this user sees
 * (role view and the tenant's hidden columns; the server renames and translates the headers), in the
 * console's language and time zone. The export runs in the background on the server (a 100k-asset file takes
 * minutes); see useExportJob.
 */
export function useAssetExport() {
  const { t, i18n } = useTranslation('assets');
  const translate = useAssetMessage();
  const { isClient } = useSession();
  const list = useUrlListState(ASSET_FILTER_KEYS, DEFAULT_ASSET_ORDER);
  const hidden = useFrontendSetting(SETTING_NAMES.assetTableHiddenColumns);

  return useExportJob(
    '/api/assets/export',
    () => ({
      ...toApiFilters(list.filters),
      [`order[${list.sort.field}]`]: list.sort.direction,
      columns: visibleColumns(isClient, stringList(hidden.data))
        .map((column) => column.id)
        .join(','),
      ...exportLocale(i18n.language),
    }),
    {
      typeLabel: (type) => t(`actions.export_${type}`),
      preparing: (type) => t('export.preparing', { type }),
      progress: (type, count) => t('export.progress', { type, count }),
      progressOf: (type, count, total) => t('export.progressOf', { type, count, total }),
      ready: (fileName) => t('export.ready', { fileName }),
      failed: (error) => (isRefusedExport(error) ? (translate((error as Error).message) ?? '') : t('export.failed')),
    },
  );
}
