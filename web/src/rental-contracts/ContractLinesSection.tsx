import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PagedTab } from '../common/list/PagedTab';
import { useSession } from '../session/useSession';
import { type ContractRow, useContractLines } from './rentalContractsApi';

const SECTION_PAGE_SIZE = 5;

/**
 * "Contracts" on the asset panel and the customer panel: that asset's or customer's lines, latest on-hire
 * first, each opening its panel on the contracts screen. Staff who read customers see it (the API's rule).
 */
export function ContractLinesSection({ owner }: { owner: { kind: 'clients' | 'assets'; id: number } }) {
  const { t } = useTranslation('rentalContracts');
  const { hasAny, isClient } = useSession();
  const [page, setPage] = useState(1);
  const allowed = !isClient && hasAny(['CUSTOMER_READ']);
  // Asked only of those who may read them: a refused read would be a request for nothing.
  const lines = useContractLines(allowed ? owner : undefined, page, undefined, SECTION_PAGE_SIZE);
  if (!allowed) return null;
  const rows = lines.data?.['hydra:member'] ?? [];
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
        {t('section.title')}
      </Typography>
      <PagedTab<ContractRow>
        label={t('section.title')}
        testId={`contracts-of-${owner.kind}`}
        rows={rows}
        rowKey={(line) => line.externalId}
        loading={lines.isPending}
        failed={lines.isError}
        errorText={t('errors.list')}
        dense
        paging={{
          page,
          pageSize: SECTION_PAGE_SIZE,
          total: lines.data?.['hydra:totalItems'] ?? 0,
          onChange: setPage,
        }}
        renderRow={(line) => (
          <ListItem disablePadding>
            <ListItemButton component={RouterLink} to={`/rental-contracts/${encodeURIComponent(line.externalId)}`}>
              <ListItemText
                primary={`${line.externalId} · ${t(`statuses.${line.status}`)}`}
                secondary={t('section.days', {
                  onHire: line.onHire,
                  until: line.offHire ?? line.expectedReturn ?? '…',
                })}
              />
            </ListItemButton>
          </ListItem>
        )}
      />
    </>
  );
}
