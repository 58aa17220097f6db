import type { ExportResult, ExportType } from '@shared/schemas/export';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../api/ApiError';
import { runExportJob } from '../../api/exportJobs';
import {
  dismissNotification,
  notify,
  notifyError,
  notifySuccess,
  updateNotification,
} from '../notifications/notificationStore';

/** The texts of one list's export notices, in that list's namespace. */
export interface ExportTexts {
  /** 'PDF', 'Excel', 'CSV'. */
  typeLabel(type: ExportType): string;
  preparing(typeLabel: string): string;
  progress(typeLabel: string, rows: number): string;
  progressOf(typeLabel: string, rows: number, total: number): string;
  ready(fileName: string): string;
  /** The notice of a failed export; a 422 (a list the server refuses to export) says why. */
  failed(error: unknown): string;
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

export type ExportQuery = Record<string, string | number | boolean | undefined>;

/** The console's language and time zone, which every export renders its headers and dates in. */
export const exportLocale = (language: string): ExportQuery => ({
  language,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
});

/**
 * Runs a list's export as a background job on the server (POST `path` with the list's query, then the job is
 * followed until its file is written): a notice counts the rows written and the browser saves the file when
 * it is ready. The whole flow lives in mutationFn: it goes on (and ends its notice, and saves the file) even
 * when the user leaves the list meanwhile, which callbacks passed to mutate() would not.
 */
export function useExportJob(path: string, queryFor: (type: ExportType) => ExportQuery, texts: ExportTexts) {
  const mutation = useMutation({
    meta: { silent: true },
    mutationFn: async (type: ExportType) => {
      const label = texts.typeLabel(type);
      const progressText = (rows: number, total: number | undefined) => {
        if (rows === 0) return texts.preparing(label);
        return total ? texts.progressOf(label, rows, total) : texts.progress(label, rows);
      };
      const notice = notify(texts.preparing(label), 'info', { sticky: true });
      try {
        const result = await runExportJob(path, { type, ...queryFor(type) }, (rows, total) =>
          updateNotification(notice, progressText(rows, total)),
        );
        saveFile(result);
        notifySuccess(texts.ready(result.fileName));
      } catch (error) {
        notifyError(texts.failed(error));
      } finally {
        dismissNotification(notice);
      }
    },
  });
  return { start: (type: ExportType) => mutation.mutate(type), busy: mutation.isPending };
}

/** A 422 carries the server's reason; anything else reads as the list's generic failure text. */
export const isRefusedExport = (error: unknown) => isApiError(error) && error.status === 422;
