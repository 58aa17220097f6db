import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useVisitExport } from './zoneVisitsApi';

/** CSV and Excel of a visit list, as the list shows it (its period or who is there now). */
export function VisitExportButtons({
  path,
  query,
  disabled,
}: {
  path: string;
  query: Record<string, string>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('zoneVisits');
  const exporting = useVisitExport(path, query);
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {(['csv', 'excel'] as const).map((type) => (
        <Button
          key={type}
          size="small"
          variant="outlined"
          startIcon={<FileDownloadIcon />}
          disabled={disabled || exporting.isPending}
          loading={exporting.isPending && exporting.variables === type}
          onClick={() => exporting.mutate(type)}
          data-testid={`visit-export-${type}`}
        >
          {t(type === 'csv' ? 'exportCsv' : 'exportExcel')}
        </Button>
      ))}
    </Stack>
  );
}
