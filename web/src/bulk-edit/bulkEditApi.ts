import type { BulkEditJob, BulkEditRow, BulkEditTarget } from '@shared/schemas/bulk-edit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/apiClient';

/** The console polls a running job this often; a finished one is read once more and kept. */
export const POLL_MS = 1_000;

/** POST /api/<target>/bulk-edit: the key is made once per confirmed dialog, so a retried request is the same job. */
export function useStartBulkEdit(target: BulkEditTarget) {
  return useMutation({
    mutationFn: (body: { idempotency_key: string; selection: unknown; changes: Record<string, unknown> }) =>
      api.post<BulkEditJob>(`/api/${target}/bulk-edit`, body),
  });
}

/** GET /api/<target>/bulk-edit/{jobId} while it runs; the list's rows are refreshed once it is done. */
export function useBulkEditJob(target: BulkEditTarget, jobId: string | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['bulk-edit', target, jobId],
    queryFn: async ({ signal }) => {
      const job = await api.get<BulkEditJob>(`/api/${target}/bulk-edit/${jobId}`, { signal });
      if (job.status !== 'running') await client.invalidateQueries({ queryKey: [target] });
      return job;
    },
    enabled: jobId !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_MS : false),
  });
}

const csvCell = (value: string) => (/[",\n;]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The result table as a CSV file, in the reader's words (the header and the outcomes translated). */
export function downloadResultCsv(
  rows: readonly BulkEditRow[],
  words: {
    header: [string, string, string];
    outcome: (row: BulkEditRow) => string;
    reason: (row: BulkEditRow) => string;
  },
  fileName: string,
) {
  const lines = [words.header, ...rows.map((row) => [String(row.id), words.outcome(row), words.reason(row)])];
  const text = `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
