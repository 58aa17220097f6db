import { DEFAULT_ASSET_ORDER } from '@shared/schemas/asset';
import { SETTING_NAMES } from '@shared/schemas/settings';
import { ExportMenu } from '../../common/export/ExportMenu';
import { useSession } from '../../session/useSession';
import { visibleColumns } from '../assetColumns';
import { ASSET_FILTER_KEYS, toApiFilters } from '../assetFilters';
import { useFrontendSetting } from '../assetsApi';
import { useUrlListState } from '../list/useUrlListState';

const stringList = (data: unknown): string[] =>
  Array.isArray(data) ? data.filter((v): v is string => typeof v === 'string') : [];

/**
 * Spec 000 s.2: the asset list's export menu. The file is the list as it is on screen: the filters and sort
 * of the URL and the columns this user sees (role view and the tenant's hidden columns; the server renames
 * and translates the headers). It runs as a background job (a 100k-asset file takes minutes).
 */
export function AssetExportMenu() {
  const { isClient } = useSession();
  const list = useUrlListState(ASSET_FILTER_KEYS, DEFAULT_ASSET_ORDER);
  const hidden = useFrontendSetting(SETTING_NAMES.assetTableHiddenColumns);
  return (
    <ExportMenu
      path="/api/assets/export"
      background
      query={() => ({ ...toApiFilters(list.filters), [`order[${list.sort.field}]`]: list.sort.direction })}
      columns={() => visibleColumns(isClient, stringList(hidden.data)).map((column) => column.id)}
    />
  );
}
