import AssignmentTurnedIn from '@mui/icons-material/AssignmentTurnedIn';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../session/useSession';
import { reportCountQuery } from './reportsApi';

/** Top bar: how many reports wait for a planner, a link to them; only for those who confirm. */
export function ReportsBadge() {
  const { hasAny } = useSession();
  const planner = hasAny(['ASSET_REPORT_CONFIRM']);
  return planner ? <ReportsBadgeButton /> : null;
}

function ReportsBadgeButton() {
  const { t } = useTranslation('reports');
  const count = useQuery(reportCountQuery).data ?? 0;
  const label = t('badge', { count });
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" component={RouterLink} to="/reports" aria-label={label} data-report-count={count}>
        <Badge badgeContent={count} color="secondary">
          <AssignmentTurnedIn />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
