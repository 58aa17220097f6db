import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errorMessage';
import { SideDrawer } from '../common/list/SideDrawer';
import { useTranslateMessage } from '../i18n/translateMessage';
import { IMPORT_ACCEPT, IMPORT_TEMPLATE, readImportFile } from './contractImportFile';
import {
  applyReport,
  type CheckedFile,
  checkRows,
  chunksOf,
  countOf,
  errorReportCsv,
  type RowOutcome,
  refuseChunk,
} from './contractImportRun';
import { ImportOutcomeList } from './ImportOutcomeList';
import { useContractMutations } from './rentalContractsApi';

function download(name: string, text: string, type = 'text/csv') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

type Stage = 'choose' | 'checked' | 'sending' | 'sent';

/**
 * Importing contract lines from a CSV or Excel file (as the device import, web/src/users/DeviceImportButton.tsx,
 * but line by line as the bulk route is): the file is read and every line checked in the browser, its problems
 * shown before anything is sent; the valid lines go in chunks, and the report lists every line (written,
 * unchanged, refused and why), the refused ones also as a downloadable CSV.
 */
export function ContractImportDrawer({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('rentalContracts');
  const translate = useTranslateMessage();
  const input = useRef<HTMLInputElement>(null);
  const { bulk } = useContractMutations();
  const [fileError, setFileError] = useState<string | null>(null);
  const [checked, setChecked] = useState<CheckedFile | null>(null);
  const [outcomes, setOutcomes] = useState<RowOutcome[]>([]);
  const [stage, setStage] = useState<Stage>('choose');
  const [progress, setProgress] = useState(0);

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = ''; // the same file chosen again must fire again
    if (!file) return;
    setFileError(null);
    const read = await readImportFile(file);
    if (!read.ok) {
      setChecked(null);
      setStage('choose');
      return setFileError(t(`import.file.${read.reason}`));
    }
    const result = checkRows(read.rows);
    setChecked(result);
    setOutcomes(result.outcomes);
    setStage('checked');
  };

  const send = async () => {
    if (!checked) return;
    setStage('sending');
    let current = checked.outcomes;
    const chunks = chunksOf(checked.valid);
    for (const [i, chunk] of chunks.entries()) {
      try {
        const report = await bulk.mutateAsync(chunk.map(({ line }) => line));
        current = applyReport(current, chunk, report);
      } catch (error) {
        current = refuseChunk(current, chunk, errorMessage(error));
      }
      setOutcomes(current);
      setProgress(((i + 1) / chunks.length) * 100);
    }
    setStage('sent');
  };

  const downloadErrors = async () => {
    const header = [t('report.row'), t('report.externalId'), t('report.column'), t('report.problem')];
    download('contract-import-errors.csv', await errorReportCsv(header, outcomes, translate));
  };

  const refused = countOf(outcomes, 'refused');
  const toSend = checked?.valid.length ?? 0;
  const actions = (
    <>
      {refused > 0 && <Button onClick={downloadErrors}>{t('import.downloadErrors')}</Button>}
      {stage === 'checked' && (
        <Button variant="contained" disabled={toSend === 0} onClick={send}>
          {t('import.send', { lines: toSend })}
        </Button>
      )}
    </>
  );

  return (
    <SideDrawer open width={100} title={t('import.title')} onClose={onClose} actions={actions}>
      <input
        ref={input}
        type="file"
        accept={IMPORT_ACCEPT}
        hidden
        data-testid="contract-import-file"
        onChange={(event) => onFile(event.target.files?.[0])}
      />
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('import.hint')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={stage === 'sending'}
          onClick={() => input.current?.click()}
        >
          {t('import.choose')}
        </Button>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => download('contract-lines-template.csv', IMPORT_TEMPLATE)}
        >
          {t('import.template')}
        </Link>
      </Box>
      {fileError && <Alert severity="error">{fileError}</Alert>}
      {stage === 'sending' && (
        <LinearProgress variant="determinate" value={progress} aria-label={t('import.sending')} />
      )}
      {checked && (
        <Alert severity={refused > 0 ? 'warning' : 'success'} sx={{ my: 1 }} role="status">
          {stage === 'sent'
            ? t('import.sent', {
                done: countOf(outcomes, 'done'),
                unchanged: countOf(outcomes, 'unchanged'),
                refused,
              })
            : t('import.checked', { lines: outcomes.length, valid: toSend, refused })}
        </Alert>
      )}
      {checked && <ImportOutcomeList outcomes={outcomes} />}
    </SideDrawer>
  );
}
