import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Violation } from '@shared/errors';
import { DEVICE_IMPORT_TEMPLATE, type DeviceImportResult } from '@shared/schemas/device-import';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { api } from '../api/apiClient';
import { errorMessage } from '../api/errorMessage';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { useTranslateMessage } from '../i18n/translateMessage';

/** Saves the CSV template (header and an example row) without a server round trip. */
function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([DEVICE_IMPORT_TEMPLATE], { type: 'text/csv' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: 'devices-template.csv' });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "row 3.deveui" -> row 3, column deveui; other paths (file) have no row. */
const rowOf = (propertyPath: string) => /^row (\d+)(?:\.(.+))?$/.exec(propertyPath);

/**
 * 'Import devices' of the user and tenant panels (spec 001 s.2, s.5 csv only): a CSV file picker, progress
 * while the server checks and writes the file, a notice with the count, and the rejected rows listed.
 */
export function DeviceImportButton({ uploadPath }: { uploadPath: string }) {
  const { t } = useTranslation('users');
  const translate = useTranslateMessage();
  const input = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<readonly Violation[]>([]);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('files', file);
      return api.post<DeviceImportResult>(uploadPath, form);
    },
    meta: { silent: true },
  });

  const describe = ({ propertyPath, message }: Violation) => {
    const row = rowOf(propertyPath);
    const where = row ? t('import.row', { row: row[1] }) + (row[2] ? ` (${row[2]})` : '') : '';
    return where ? `${where}: ${translate(message)}` : translate(message);
  };

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = ''; // choosing the same file again must fire again
    if (!file) return;
    setProblems([]);
    if (!file.name.toLowerCase().endsWith('.csv')) return notifyError(t('notifications.importCsvOnly'));
    try {
      const result = await upload.mutateAsync(file);
      notifySuccess(t('import.done', { count: result.imported }));
    } catch (error) {
      const violations = error instanceof ApiError ? error.violations : [];
      setProblems(violations);
      // Spec 000 s.8: the import error is the messages joined by commas; the full list stays in the panel.
      notifyError(violations.length ? violations.slice(0, 3).map(describe).join(', ') : errorMessage(error));
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="device-import-file"
        onChange={(event) => onFile(event.target.files?.[0])}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          loading={upload.isPending}
          loadingPosition="start"
          onClick={() => input.current?.click()}
        >
          {t('fields.importDevices')}
        </Button>
        <Link component="button" type="button" variant="body2" onClick={downloadTemplate}>
          {t('import.template')}
        </Link>
      </Box>
      {upload.isPending && <LinearProgress sx={{ mt: 1 }} aria-label={t('import.uploading')} />}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('import.hint')}
      </Typography>
      {problems.length > 0 && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setProblems([])}>
          {t('import.failed')}
          <Box component="ul" sx={{ m: 0, pl: 2, maxHeight: 240, overflowY: 'auto' }}>
            {problems.map((problem) => (
              <li key={`${problem.propertyPath}:${problem.message}`}>{describe(problem)}</li>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
