import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errorMessage';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { useSecondFactorReset } from './secondFactorApi';

/** A user's panel: an administrator turns off the second factor of a user who lost their device. */
export function ResetSecondFactorButton({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation('secondFactor');
  const reset = useSecondFactorReset();
  const [asking, setAsking] = useState(false);
  const onYes = async () => {
    try {
      await reset.mutateAsync(userId);
      notifySuccess(t('reset.done', { name }));
    } catch (error) {
      notifyError(errorMessage(error));
    }
    setAsking(false);
  };
  return (
    <>
      <Button variant="outlined" color="warning" sx={{ mt: 2 }} onClick={() => setAsking(true)}>
        {t('reset.button')}
      </Button>
      <ConfirmDialog
        open={asking}
        message={t('reset.confirm', { name })}
        onYes={onYes}
        onNo={() => setAsking(false)}
        busy={reset.isPending}
      />
    </>
  );
}
