import Business from '@mui/icons-material/Business';
import KeyboardReturn from '@mui/icons-material/KeyboardReturn';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/useSession';
import { selectTenant, useSelectedTenant } from './selectedTenant';

/**
 * The navigation drawer's tenant line (spec 001 s.2): the company the console acts in. While a super admin
 * has switched to another tenant it names that tenant and offers the way back to the own one.
 */
export function TenantIndicator({ mini }: { mini: boolean }) {
  const { t } = useTranslation('tenants');
  const { user, tenant } = useSession();
  const selected = useSelectedTenant();
  const client = useQueryClient();
  const isSuperAdmin = user?.roles.includes('ROLE_SUPER_ADMIN') ?? false;
  const stale = !!selected && !!user && (!isSuperAdmin || selected.selectedBy !== user.id);

  // A selection left behind by another user (or a lost role) must not travel with this user's calls.
  useEffect(() => {
    if (stale) {
      selectTenant(null);
      void client.invalidateQueries();
    }
  }, [stale, client]);

  const acting = selected && !stale ? selected : null;
  const company = acting ? acting.company || acting.subdomain || `#${acting.id}` : tenant?.company;
  if (!company || mini) return null;

  const backToOwn = () => {
    selectTenant(null);
    void client.invalidateQueries();
  };

  return (
    <Box
      data-testid="current-tenant"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1, minHeight: 48, color: 'text.secondary' }}
    >
      <Business fontSize="small" color={acting ? 'primary' : 'inherit'} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        {acting && (
          <Typography variant="caption" component="div" noWrap>
            {t('switch.active')}
          </Typography>
        )}
        <Typography variant="subtitle2" color="text.primary" noWrap title={company}>
          {company}
        </Typography>
      </Box>
      {acting && (
        <Tooltip title={t('switch.back')}>
          <IconButton size="small" aria-label={t('switch.back')} onClick={backToOwn}>
            <KeyboardReturn fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
