import type { Pickup } from '@shared/schemas/pickup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AssetPanel } from '../assets/panel/AssetPanel';
import { type Column, type ListRowsParams, ListScreen } from '../common/list/ListScreen';
import { useSession } from '../session/useSession';
import { ConfirmPickupButton } from './ConfirmPickupButton';
import { PICKUPS_PER_PAGE, pickupsQuery } from './pickupsApi';
import { waitingTime } from './waiting';

/** A pickup is known by its asset: the row opens that asset's panel. */
type PickupRow = Pickup & { id: number };

/** The pickups of one page, each keyed by its asset. */
function usePickupRows({ page }: ListRowsParams<never>) {
  return useQuery({
    ...pickupsQuery(page),
    select: (data) => ({
      ...data,
      'hydra:member': data['hydra:member'].map((pickup): PickupRow => ({ ...pickup, id: pickup.asset.id })),
    }),
  });
}

/**
 * The assets reported empty that wait to be fetched, longest waiting first, for planners and
 * transporters (client users see their customer's). A row opens the asset panel at /pickups/<asset id>; its
 * actions (the planner's confirmation) close the pickup, and the list reads again (the assets' query key).
 */
export default function PickupsPage() {
  const { t } = useTranslation('pickups');
  const { hasAny, isClient } = useSession();
  const confirms = !isClient && hasAny(['ASSET_REPORT_CONFIRM']);
  const now = Date.now();

  const columns: Column<PickupRow>[] = [
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
            render: (row: PickupRow) => <ConfirmPickupButton pickup={row} />,
          },
        ]
      : []),
  ];

  return (
    <ListScreen<PickupRow, never>
      basePath="/pickups"
      intro={t('intro')}
      useRows={usePickupRows}
      pageSize={PICKUPS_PER_PAGE}
      columns={columns}
      renderPanel={(id, close) => id !== 'new' && <AssetPanel assetId={id} isNew={false} onClose={close} />}
    />
  );
}
