import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { RentalAuditReport } from '@shared/schemas/rental-audit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../common/notifications/notificationStore';
import { allLines, auditCsv, auditCsvRows, CSV_COLUMNS, downloadCsv } from './auditExport';

/** Saves the month's audit (every line of the month, not only the first answer) as `rental-audit_<month>.csv`. */
export function AuditExportButton({ report }: { report: RentalAuditReport }) {
  const { t } = useTranslation('rentalAudit');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const rows = auditCsvRows(await allLines(report), {
        className: (name) => t(`classes.${name}`),
        billed: (billed) => t(billed ? 'yes' : 'no'),
      });
      const text = await auditCsv(
        CSV_COLUMNS.map((column) => t(`csv.${column}`)),
        rows,
      );
      const who = report.customer === null ? '' : `_${report.customer}`;
      downloadCsv(text, `rental-audit_${report.month}${who}.csv`);
    } catch {
      notifyError(t('exportFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <FileDownloadIcon />}
      disabled={busy || report.lines.length === 0}
      aria-busy={busy}
      onClick={save}
      data-testid="rental-audit-export"
      sx={{ whiteSpace: 'nowrap', flexShrink: 0, alignSelf: { sm: 'center' } }}
    >
      {t('exportCsv')}
    </Button>
  );
}
