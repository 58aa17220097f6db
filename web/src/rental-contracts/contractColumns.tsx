import type { TFunction } from 'i18next';
import type { Column } from '../common/list/ListScreen';
import type { ContractRow } from './rentalContractsApi';

/** A line in a few columns: what it rents, when, where, at what rate, and whether it stands. */
export function contractColumns(t: TFunction<'rentalContracts'>): Column<ContractRow>[] {
  return [
    { id: 'externalId', label: t('fields.externalId') },
    { id: 'customer', label: t('fields.customer'), align: 'right', hideOnPhone: true },
    {
      id: 'asset',
      label: t('columns.rents'),
      hideOnPhone: true,
      render: (line) =>
        line.asset !== null
          ? t('columns.asset', { id: line.asset })
          : t('columns.profile', { id: line.assetProfile, quantity: line.quantity ?? 0 }),
    },
    { id: 'onHire', label: t('fields.onHire') },
    {
      id: 'expectedReturn',
      label: t('fields.expectedReturn'),
      hideOnPhone: true,
      render: (l) => l.expectedReturn ?? '',
    },
    { id: 'offHire', label: t('fields.offHire'), hideOnPhone: true, render: (l) => l.offHire ?? '' },
    {
      id: 'dayRate',
      label: t('fields.dayRate'),
      align: 'right',
      hideOnPhone: true,
      render: (line) => (line.dayRate ? `${line.dayRate.amount} ${line.dayRate.currency}` : ''),
    },
    { id: 'status', label: t('fields.status'), render: (line) => t(`statuses.${line.status}`) },
  ];
}
