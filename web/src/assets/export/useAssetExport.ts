import { DEFAULT_ASSET_ORDER } from '@shared/schemas/asset';
import type { ExportResult, ExportType } from '@shared/schemas/export';
import { SETTING_NAMES } from '@shared/schemas/settings';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/ApiError';
import { runExportJob } from '../../api/exportJobs';
import {
  dismissNotification,
  notify,
  notifyError,
  notifySuccess,
  updateNotification,
} from '../../common/notifications/notificationStore';
import { useSession } from '../../session/useSession';
import { visibleColumns } from '../assetColumns';
import { ASSET_FILTER_KEYS, toApiFilters } from '../assetFilters';
import { useFrontendSetting } from '../assetsApi';
import { useUrlListState } from '../list/useUrlListState';
import { useAssetMessage } from '../useAssetMessage';

const stringList = (data: unknown): string[] =>
  Array.isArray(data) ? data.filter((v): v is string => typeof v === 'string') : [];

/** The browser saves the file: the URL answers with Content-Disposition attachment and the file name. */
function saveFile(result: Pick<ExportResult, 'url' | 'fileName'>) {
  const link = document.createElement('a');
  link.href = result.url;
  link.download = result.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Exports the asset list as it is on screen: the filters and sort of the URL, the columns this user sees
 * (role view and the tenant's hidden columns; the server renames and translates the headers), in the
 * console's language and time zone. The export runs in the background on the server (a 100k-asset file takes
 * minutes); a notice counts the rows written and the browser saves the file when it is ready.
 */
export function useAssetExport() {
  const { t, i18n } = useTranslation('assets');
  const translate = useAssetMessage();
  const { isClient } = useSession();
  const list = useUrlListState(ASSET_FILTER_KEYS, DEFAULT_ASSET_ORDER);
  const hidden = useFrontendSetting(SETTING_NAMES.assetTableHiddenColumns);

  // The whole flow lives in mutationFn: it goes on (and ends its notice, and saves the file) even when the
  // user leaves the list meanwhile, which callbacks passed to mutate() would not.
  const mutation = useMutation({
    meta: { silent: true },
    mutationFn: async (type: ExportType) => {
      const label = t(`actions.export_${type}`);
      const progressText = (rows: number, total: number | undefined) => {
        if (rows === 0) return t('export.preparing', { type: label });
        if (total) return t('export.progressOf', { type: label, count: rows, total });
        return t('export.progress', { type: label, count: rows });
      };
      const notice = notify(t('export.preparing', { type: label }), 'info', { sticky: true });
      try {
        const result = await runExportJob(
          '/api/assets/export',
          {
            type,
            ...toApiFilters(list.filters),
            [`order[${list.sort.field}]`]: list.sort.direction,
            columns: visibleColumns(isClient, stringList(hidden.data))
              .map((column) => column.id)
              .join(','),
            language: i18n.language,
            timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          },
          (rows, total) => updateNotification(notice, progressText(rows, total)),
        );
        saveFile(result);
        notifySuccess(t('export.ready', { fileName: result.fileName }));
      } catch (error) {
        notifyError(isApiError(error) && error.status === 422 ? (translate(error.message) ?? '') : t('export.failed'));
      } finally {
        dismissNotification(notice);
      }
    },
  });

  const start = (type: ExportType) => mutation.mutate(type);

  return { start, busy: mutation.isPending };
}
