import Button from '@mui/material/Button';
import type { Pickup } from '@shared/schemas/pickup';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errorMessage';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { confirmReport } from '../reports/reportsApi';

/**
 * The planner's confirmation of a pickup (PUT /api/assets/{id}/confirm-report: send_deregistered becomes
 * deregistered, which closes the pickup), after a question. The click stays on the button: the row opens the
 * asset panel.
 */
export function ConfirmPickupButton({ pickup }: { pickup: Pickup }) {
  const { t } = useTranslation('pickups');
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const confirm = useMutation({
    mutationFn: () => confirmReport(pickup.asset.id),
    onSuccess: () => notifySuccess(t('confirmed', { name: pickup.asset.name })),
    onError: (error) => notifyError(errorMessage(error)),
    onSettled: async () => {
      setAsking(false);
      await queryClient.invalidateQueries({ queryKey: ['assets'] });
    },
  });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the row's click and keys off the button
    <span onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      <Button
        size="small"
        variant="outlined"
        sx={{ whiteSpace: 'nowrap' }}
        aria-label={t('confirmLabel', { name: pickup.asset.name })}
        onClick={() => setAsking(true)}
      >
        {t('confirm')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('confirmTitle')}
        message={t('confirmMessage', { name: pickup.asset.name })}
        busy={confirm.isPending}
        onYes={() => confirm.mutate()}
        onNo={() => setAsking(false)}
      />
    </span>
  );
}
