import CheckCircle from '@mui/icons-material/CheckCircle';
import Help from '@mui/icons-material/Help';
import ReportProblem from '@mui/icons-material/ReportProblem';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import type { ReportCheckResult } from '@shared/schemas/report-check';
import { useQuery } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportCheckDialog } from './ReportCheckDialog';
import { reportCheckQuery } from './reportsApi';

/** Colour and an icon of its own for each answer, so it reads without colour too. */
const LOOK: Record<ReportCheckResult, { color: 'success' | 'error' | 'default'; icon: ReactElement }> = {
  agree: { color: 'success', icon: <CheckCircle /> },
  disagree: { color: 'error', icon: <ReportProblem /> },
  'no-data': { color: 'default', icon: <Help /> },
};

/**
 * Whether the tag agrees with the report (docs/decisions/0324-delivered-and-empty-reports-checked-against-the-tag.md):
 * agree / disagree / no data; pressing it shows the evidence.
 */
export function ReportCheckChip({ assetId, name }: { assetId: number; name: string }) {
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState(false);
  const answer = useQuery(reportCheckQuery(assetId));
  if (answer.isPending) return <Skeleton variant="rounded" width={96} height={24} data-report-check="loading" />;
  if (!answer.data) return null;
  const { result } = answer.data.check;
  const look = LOOK[result];
  const label = t(`check.${result}`);
  return (
    <>
      <Chip
        size="small"
        variant={result === 'no-data' ? 'outlined' : 'filled'}
        color={look.color}
        icon={look.icon}
        label={label}
        onClick={() => setOpen(true)}
        aria-label={t('check.show', { name, result: label })}
        aria-haspopup="dialog"
        data-report-check={result}
      />
      <ReportCheckDialog open={open} name={name} answer={answer.data} onClose={() => setOpen(false)} />
    </>
  );
}
