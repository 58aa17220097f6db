import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Asset } from '@shared/schemas/asset';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../api/errorMessage';
import { assetKeys } from '../assets/assetsApi';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { type Column, ListScreen } from '../common/list/ListScreen';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { ReportCheckChip } from './ReportCheckChip';
import { confirmReport, useReports } from './reportsApi';

/** Room for the skeleton rows; the reports come whole. */
const PAGE_SIZE = 5;

/** What was reported: delivered or empty. */
function ReportChip({ asset }: { asset: Asset }) {
  const { t } = useTranslation('reports');
  const delivered = asset.status?.status === 'send_delivered';
  return (
    <Chip
      size="small"
      color={delivered ? 'success' : 'default'}
      label={delivered ? t('delivered') : t('empty')}
      data-report={asset.status?.status}
    />
  );
}

function useReportColumns(onConfirm: (asset: Asset) => void): Column<Asset>[] {
  const { t } = useTranslation('reports');
  return useMemo(() => {
    const customer = (asset: Asset) => asset.client?.company || t('noCustomer');
    return [
      {
        id: 'name',
        label: t('asset'),
        render: (asset) => (
          <>
            <Link component={RouterLink} to={`/assets/${asset.id}`} aria-label={t('open', { name: asset.name })}>
              {asset.name}
            </Link>
            {/* A phone has room for two columns: the customer and the report stand under the name. */}
            <Stack spacing={0.5} sx={{ display: { xs: 'flex', sm: 'none' }, alignItems: 'flex-start', mt: 0.5 }}>
              <Typography variant="body2" color="text.secondary">
                {customer(asset)}
              </Typography>
              <ReportChip asset={asset} />
              <ReportCheckChip assetId={asset.id} name={asset.name} />
            </Stack>
          </>
        ),
      },
      { id: 'client', label: t('customerColumn'), hideOnPhone: true, render: customer },
      { id: 'report', label: t('report'), hideOnPhone: true, render: (asset) => <ReportChip asset={asset} /> },
      {
        id: 'check',
        label: t('check.column'),
        hideOnPhone: true,
        render: (asset) => <ReportCheckChip assetId={asset.id} name={asset.name} />,
      },
      {
        id: 'confirm',
        label: '',
        align: 'right',
        render: (asset) => (
          <Button
            variant="contained"
            size="small"
            aria-label={t('confirmLabel', { name: asset.name })}
            onClick={() => onConfirm(asset)}
          >
            {t('confirm')}
          </Button>
        ),
      },
    ];
  }, [t, onConfirm]);
}

/**
 * The delivered / empty reports of transporters and customers wait here (and in the top bar's
 * badge) for a planner, who confirms each after a question: send_delivered becomes delivered,
 * send_deregistered deregistered. The planners also get a mail per report. Each report shows whether the
 * asset's tag agrees with it, with the evidence a press away (ReportCheckChip).
 */
export default function ReportsPage() {
  const { t } = useTranslation('reports');
  const queryClient = useQueryClient();
  const [toConfirm, setToConfirm] = useState<Asset | null>(null);
  const columns = useReportColumns(setToConfirm);

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
    <>
      <ListScreen<Asset, never>
        basePath="/reports"
        intro={t('intro')}
        compact
        useRows={useReports}
        pageSize={PAGE_SIZE}
        columns={columns}
        testId="report-list"
      />
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
    </>
  );
}
