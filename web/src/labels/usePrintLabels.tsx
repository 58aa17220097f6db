import QrCodeIcon from '@mui/icons-material/QrCode2';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { LABEL_SHEETS, type LabelFile, type LabelSheetName, MAX_LABELS } from '@shared/schemas/labels';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/apiClient';
import type { CheckedRows, PhoneAction } from '../common/list/ListScreen';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { useStoredState } from '../common/useStoredState';
import { useTranslateMessage } from '../i18n/translateMessage';

/** The browser saves the PDF the API answered inline (base64). */
function savePdf(file: LabelFile) {
  const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Print labels of the selected rows (docs/decisions/0326-printable-labels-are-drawn-as-vectors-in-the-request.md):
 * the toolbar button, the phone menu's action and the dialog choosing the label sheet (remembered, a depot
 * keeps one kind of sheet in its printer). `path` is the list's labels route ('/api/assets/labels').
 */
export function usePrintLabels(path: string) {
  const { t } = useTranslation('labels');
  const translate = useTranslateMessage();
  const [stored, setSheet] = useStoredState<LabelSheetName>('labels.sheet', 'a4-3x8');
  const sheet = LABEL_SHEETS.includes(stored) ? stored : 'a4-3x8';
  const [asked, setAsked] = useState<{ ids: readonly number[]; open: boolean } | null>(null);
  const count = asked?.ids.length ?? 0;
  const print = useMutation({
    mutationFn: (ids: readonly number[]) => api.post<LabelFile>(path, { ids, sheet }),
    onSuccess: (file) => {
      savePdf(file);
      notifySuccess(t('ready'));
      setAsked((current) => current && { ...current, open: false });
    },
    onError: (error) => notifyError(translate(error.message)),
  });
  const ask = (checked: CheckedRows<number>) => setAsked({ ids: [...checked.ids], open: true });
  const label = (checked: CheckedRows<number>) => t('print', { count: checked.ids.length });
  const unusable = (checked: CheckedRows<number>) => checked.ids.length === 0 || checked.ids.length > MAX_LABELS;

  return {
    actions: (checked: CheckedRows<number>) => (
      <Button
        variant="outlined"
        startIcon={<QrCodeIcon />}
        disabled={unusable(checked)}
        title={checked.ids.length > MAX_LABELS ? t('tooMany', { max: MAX_LABELS }) : undefined}
        onClick={() => ask(checked)}
      >
        {label(checked)}
      </Button>
    ),
    phoneActions: (checked: CheckedRows<number>): PhoneAction[] => [
      { icon: <QrCodeIcon />, label: label(checked), onClick: () => ask(checked), disabled: unusable(checked) },
    ],
    dialog: (
      <Dialog open={asked?.open ?? false} onClose={() => asked && setAsked({ ...asked, open: false })}>
        <DialogTitle>{t('title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('intro', { count })}</DialogContentText>
          <RadioGroup value={sheet} onChange={(event) => setSheet(event.target.value as LabelSheetName)}>
            {LABEL_SHEETS.map((name) => (
              <FormControlLabel key={name} value={name} control={<Radio />} label={t(`sheets.${name}`)} />
            ))}
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => asked && setAsked({ ...asked, open: false })}>{t('cancel')}</Button>
          <Button variant="contained" loading={print.isPending} onClick={() => asked && print.mutate(asked.ids)}>
            {t('download')}
          </Button>
        </DialogActions>
      </Dialog>
    ),
  };
}
