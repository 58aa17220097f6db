import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Asset } from '@shared/schemas/asset';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errorMessage';
import { assetKeys } from '../assets/assetsApi';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { usePageTitle } from '../common/pageHandle';
import { ReportList } from './ReportList';
import { confirmReport, reportsQuery } from './reportsApi';

/**
 * The delivered / empty reports of transporters and customers wait here (and in the top bar's
 * badge) for a planner, who confirms each after a question: send_delivered becomes delivered,
 * send_deregistered deregistered. The planners also get a mail per report.
 */
export default function ReportsPage() {
  const { t } = useTranslation('reports');
  const title = usePageTitle();
  const queryClient = useQueryClient();
  const reports = useQuery(reportsQuery);
  const [toConfirm, setToConfirm] = useState<Asset | null>(null);

  const confirm = useMutation({
    mutationFn: (asset: Asset) => confirmReport(asset.id),
    onSuccess: () => notifySuccess(t('confirmed')),
    onError: (error) => notifyError(errorMessage(error)),
    onSettled: async () => {
      setToConfirm(null);
      await queryClient.invalidateQueries({ queryKey: assetKeys.all });
    },
  });

  const name = toConfirm?.name ?? '';
  return (
    <Stack spacing={3} sx={{ maxWidth: 820 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography color="text.secondary">{t('intro')}</Typography>
        <ReportList reports={reports.data} loading={reports.isPending} onConfirm={setToConfirm} />
      </Paper>
      <ConfirmDialog
        open={toConfirm !== null}
        title={t('confirmTitle')}
        message={
          toConfirm?.status?.status === 'send_delivered' ? t('confirmDelivered', { name }) : t('confirmEmpty', { name })
        }
        busy={confirm.isPending}
        onYes={() => toConfirm && confirm.mutate(toConfirm)}
        onNo={() => setToConfirm(null)}
      />
    </Stack>
  );
}
