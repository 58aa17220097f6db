import History from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../session/useSession';

/**
 * From an asset's, a device's or a user's panel, its own change history: the audit screen filtered to it (a link,
 * so it opens in a new tab too). Only administrators read the audit log, so only they see the link.
 */
export function AuditHistoryLink({
  entityType,
  entityId,
}: {
  entityType: 'assets' | 'devices' | 'users';
  entityId: number;
}) {
  const { t } = useTranslation('audit');
  const { isAdmin } = useSession();
  if (!isAdmin) return null;
  const search = new URLSearchParams({ entityType, entityId: String(entityId) });
  return (
    <Button component={RouterLink} to={`/audit?${search}`} size="small" startIcon={<History />} sx={{ mt: 2 }}>
      {t('history')}
    </Button>
  );
}
