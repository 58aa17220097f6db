import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Pickup } from '@shared/schemas/pickup';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { AssetPanel } from '../assets/panel/AssetPanel';
import { type Column, PagedTable } from '../common/list/PagedTable';
import { usePageTitle } from '../common/pageHandle';
import { useSession } from '../session/useSession';
import { ConfirmPickupButton } from './ConfirmPickupButton';
import { PICKUPS_PER_PAGE, pickupsQuery } from './pickupsApi';
import { waitingTime } from './waiting';

/**
 * The assets reported empty that wait to be fetched, longest waiting first, for planners and
 * transporters (client users see their customer's). A row opens the asset panel at /pickups/<asset id>; its
 * actions (the planner's confirmation) close the pickup, and the list reads again (the assets' query key).
 */
export default function PickupsPage() {
  const { t } = useTranslation('pickups');
  const title = usePageTitle();
  const navigate = useNavigate();
  const { id } = useParams();
  const [page, setPage] = useState(1);
  const pickups = useQuery(pickupsQuery(page));
  const now = Date.now();
  const openId = id && /^\d+$/.test(id) ? Number(id) : null;
  const { hasAny, isClient } = useSession();
  const confirms = !isClient && hasAny(['ASSET_REPORT_CONFIRM']);

  const columns: Column<Pickup>[] = [
    { id: 'asset', label: t('asset'), render: (row) => row.asset.name },
    {
      id: 'waiting',
      label: t('waitingColumn'),
      align: 'right',
      render: (row) => (
        <span
          title={new Date(row.requested_at).toLocaleString()}
          data-requested-at={row.requested_at}
          style={{ whiteSpace: 'nowrap' }}
        >
          {t('waiting', waitingTime(row.requested_at, now))}
        </span>
      ),
    },
    { id: 'zone', label: t('zone'), render: (row) => row.zone?.name ?? t('noZone') },
    {
      id: 'customer',
      label: t('customer'),
      render: (row) => row.customer?.company ?? t('noCustomer'),
      hideOnPhone: true,
    },
    {
      id: 'position',
      label: t('position'),
      hideOnPhone: true,
      render: (row) =>
        row.position
          ? [row.position.street, row.position.city].filter(Boolean).join(', ') || t('positioned')
          : t('noPosition'),
    },
    { id: 'by', label: t('reportedBy'), render: (row) => row.requested_by?.name ?? '', hideOnPhone: true },
    ...(confirms
      ? [
          {
            id: 'confirm',
            label: t('confirmColumn'),
            align: 'right' as const,
            render: (row: Pickup) => <ConfirmPickupButton pickup={row} />,
          },
        ]
      : []),
  ];

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{t('intro')}</Typography>
      <PagedTable
        label={title}
        columns={columns}
        rows={pickups.data?.['hydra:member']}
        rowId={(row) => row.asset.id}
        page={page}
        pageSize={PICKUPS_PER_PAGE}
        total={pickups.data?.['hydra:totalItems'] ?? 0}
        loading={pickups.isPending}
        onPageChange={setPage}
        onRowClick={(row) => navigate(`/pickups/${row.asset.id}`)}
        activeId={openId ?? undefined}
      />
      {openId !== null && (
        <AssetPanel key={openId} assetId={openId} isNew={false} onClose={() => navigate('/pickups')} />
      )}
    </Stack>
  );
}
