import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import { RENTAL_CONTRACT_STATUSES, type RentalContractStatus } from '@shared/schemas/rental-contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, type ListRowsParams, ListScreen, parseTextPanelId } from '../common/list/ListScreen';
import { useSession } from '../session/useSession';
import { ContractDrawer } from './ContractDrawer';
import { ContractImportDrawer } from './ContractImportDrawer';
import { contractColumns } from './contractColumns';
import {
  CONTRACT_FILTER_KEYS,
  CONTRACTS_PAGE_SIZE,
  type ContractFilterKey,
  type ContractRow,
  useContractLines,
} from './rentalContractsApi';

/** The lines of the customer the filter names (the API lists a customer's or an asset's, not a tenant's). */
function useRows({ page, filters }: ListRowsParams<ContractFilterKey>) {
  const customer = Number(filters.customer);
  const owner = Number.isInteger(customer) && customer > 0 ? { kind: 'clients' as const, id: customer } : undefined;
  const status = RENTAL_CONTRACT_STATUSES.find((one) => one === filters.status) as RentalContractStatus | undefined;
  const rows = useContractLines(owner, page, status);
  return { ...rows, isPending: owner !== undefined && rows.isPending };
}

/**
 * /rental-contracts: the ERP's contract lines of a customer, filtered by status, paged; a line's panel at
 * /rental-contracts/<externalId>; Import for a CSV or Excel file of lines.
 */
export default function RentalContractsPage() {
  const { t } = useTranslation('rentalContracts');
  const { t: tc } = useTranslation('common');
  const { hasAny } = useSession();
  const [importing, setImporting] = useState(false);
  const canEdit = hasAny(['CUSTOMER_EDIT']);
  const columns = useMemo<Column<ContractRow>[]>(() => contractColumns(t), [t]);
  const filterFields = useMemo(
    () => [
      { name: 'customer' as const, label: t('filters.customer'), type: 'number' as const },
      {
        name: 'status' as const,
        label: t('filters.status'),
        type: 'select' as const,
        options: [
          { value: '', label: t('filters.anyStatus') },
          ...RENTAL_CONTRACT_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
        ],
      },
    ],
    [t],
  );

  return (
    <>
      <ListScreen<ContractRow, ContractFilterKey, string>
        basePath="/rental-contracts"
        parseId={parseTextPanelId}
        intro={t('intro')}
        filterKeys={CONTRACT_FILTER_KEYS}
        filterFields={filterFields}
        useRows={useRows}
        pageSize={CONTRACTS_PAGE_SIZE}
        columns={columns}
        testId="rental-contracts-table"
        create={{ label: tc('addNew'), allowed: canEdit }}
        toolbar={
          canEdit && (
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              onClick={() => setImporting(true)}
              data-testid="contract-import-open"
            >
              {t('import.open')}
            </Button>
          )
        }
        loadErrorText={t('errors.list')}
        renderPanel={(id, close) => <ContractDrawer externalId={String(id)} onClose={close} />}
      />
      {importing && <ContractImportDrawer onClose={() => setImporting(false)} />}
    </>
  );
}
