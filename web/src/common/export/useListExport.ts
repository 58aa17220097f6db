import type { ExportJobType, ExportResult } from '@shared/schemas/export';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/ApiError';
import { api } from '../../api/apiClient';
import { runExportJob } from '../../api/exportJobs';
import { useTranslateMessage } from '../../i18n/translateMessage';
import {
  dismissNotification,
  notify,
  notifyError,
  notifySuccess,
  updateNotification,
} from '../notifications/notificationStore';

export type ExportQuery = Record<string, string | number | boolean | undefined>;

/** What one list exports: the same for its menu whatever the list (or one document: an asset's evidence). */
export interface ListExport {
  /** The list's export path ('/api/devices/export'). */
  path: string;
  /** The list's query as the screen shows it (filters, sort, period), read when an export starts. */
  query(): ExportQuery;
  /** The file's columns in order, where the list's export takes them (the asset list: the columns on screen). */
  columns?(): readonly string[];
  /**
   * True where the server runs the export as a background job (POST, then followed until the file is
   * written; a 100k-asset file takes minutes). False for a bounded list answered at once (GET; a zone's
   * visits, at most 5,000 rows).
   */
  background: boolean;
  /** The notice of a refused export (422) where the list words it itself; else the server's reason. */
  refusedText?: string;
}

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

/** The console's language and time zone, which every export renders its headers and dates in. */
const exportLocale = (language: string): ExportQuery => ({
  language,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
});

/**
 * Runs a list's export (see ListExport) with the same notices for every list: preparing, the rows written
 * while a background job runs, ready when the browser saves the file, or why it failed. The whole flow lives
 * in mutationFn: it goes on (and ends its notice, and saves the file) even when the user leaves the list
 * meanwhile, which callbacks passed to mutate() would not.
 */
export function useListExport(list: ListExport) {
  const { t, i18n } = useTranslation('common');
  const translate = useTranslateMessage();
  const mutation = useMutation({
    meta: { silent: true },
    mutationFn: async (type: ExportJobType) => {
      const label = t(`export.types.${type}`);
      const columns = list.columns?.().join(',');
      const query = { type, ...list.query(), ...(columns ? { columns } : {}), ...exportLocale(i18n.language) };
      const notice = notify(t('export.preparing', { type: label }), 'info', { sticky: true });
      const progress = (count: number, total: number | undefined) => {
        if (count === 0) return;
        const text = total
          ? t('export.progressOf', { type: label, count, total })
          : t('export.progress', { type: label, count });
        updateNotification(notice, text);
      };
      try {
        const result = list.background
          ? await runExportJob(list.path, query, progress)
          : await api.get<ExportResult>(list.path, { query });
        saveFile(result);
        notifySuccess(t('export.ready', { fileName: result.fileName }));
      } catch (error) {
        const refused = isApiError(error) && error.status === 422;
        notifyError(refused ? (list.refusedText ?? translate(error.message)) : t('export.failed'));
      } finally {
        dismissNotification(notice);
      }
    },
  });
  return { start: (type: ExportJobType) => mutation.mutate(type), busy: mutation.isPending };
}
