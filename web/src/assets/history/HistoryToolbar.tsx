import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryFormat } from './historyExport';
import { type HistoryRange, rangeProblem } from './historyRange';

const FORMATS: HistoryFormat[] = ['geojson', 'gpx', 'csv'];

interface HistoryToolbarProps {
  range: HistoryRange;
  onRange: (range: HistoryRange) => void;
  canExport: boolean;
  onExport: (format: HistoryFormat) => void;
}

/** The period (two days of the user's calendar) and the export menu; a period the API would refuse says why. */
export function HistoryToolbar({ range, onRange, canExport, onExport }: HistoryToolbarProps) {
  const { t } = useTranslation('assetHistory');
  const [draft, setDraft] = useState(range);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  useEffect(() => setDraft(range), [range]);
  const problem = rangeProblem(draft);
  const change = (next: HistoryRange) => {
    setDraft(next);
    if (rangeProblem(next) === null) onRange(next);
  };
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr auto' }, gap: 1, alignItems: 'start' }}
    >
      <TextField
        size="small"
        type="date"
        label={t('from')}
        value={draft.from}
        onChange={(e) => change({ ...draft, from: e.target.value })}
        error={problem !== null && problem !== 'incomplete'}
        helperText={problem && problem !== 'incomplete' ? t(`problem.${problem}`) : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'history-from' } }}
      />
      <TextField
        size="small"
        type="date"
        label={t('to')}
        value={draft.to}
        onChange={(e) => change({ ...draft, to: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'history-to' } }}
      />
      <Button
        variant="outlined"
        startIcon={<FileDownloadIcon />}
        disabled={!canExport}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="history-export"
        sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, height: 40 }}
      >
        {t('export')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {FORMATS.map((format) => (
          <MenuItem
            key={format}
            onClick={() => {
              setAnchor(null);
              onExport(format);
            }}
            data-testid={`history-export-${format}`}
          >
            {t(`formats.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
