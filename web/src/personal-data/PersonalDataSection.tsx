import DownloadIcon from '@mui/icons-material/Download';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errorMessage';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { useErasure, usePersonalDataExport } from './personalDataApi';

/** Hands the export over as a file named after the user id (no name in a file name that lands in Downloads). */
function saveJson(userId: number, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: `personal-data-user-${userId}.json` });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

interface Props {
  userId: number;
  name: string;
  canExport: boolean;
  canErase: boolean;
  /** The user is gone once erased: the panel closes. */
  onErased(): void;
}

/**
 * A user's panel, for administrators: the person's data handed to them as JSON, or erased (the account and every
 * copy of their name, login and address; the history keeps a pseudonym). Both are in the audit log.
 */
export function PersonalDataSection({ userId, name, canExport, canErase, onErased }: Props) {
  const { t } = useTranslation('personalData');
  const exporting = usePersonalDataExport();
  const erasure = useErasure();
  const [asking, setAsking] = useState(false);
  if (!canExport && !canErase) return null;

  const onExport = async () => {
    try {
      saveJson(userId, await exporting.mutateAsync(userId));
      notifySuccess(t('exported', { name }));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  const onErase = async () => {
    try {
      await erasure.mutateAsync(userId);
      notifySuccess(t('erased', { name }));
      setAsking(false);
      onErased();
    } catch (error) {
      notifyError(errorMessage(error));
      setAsking(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="personal-data-title" sx={{ mt: 3 }}>
      <Typography id="personal-data-title" variant="subtitle2" component="h3">
        {t('title')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {canExport && (
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={onExport} loading={exporting.isPending}>
            {t('export')}
          </Button>
        )}
        {canErase && (
          <Button variant="outlined" color="error" startIcon={<PersonOffIcon />} onClick={() => setAsking(true)}>
            {t('erase')}
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={asking}
        title={t('confirmTitle')}
        message={t('confirm', { name })}
        onYes={onErase}
        onNo={() => setAsking(false)}
        busy={erasure.isPending}
      />
    </Box>
  );
}
