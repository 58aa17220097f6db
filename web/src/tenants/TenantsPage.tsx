import SwapHoriz from '@mui/icons-material/SwapHoriz';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { Tenant } from '@shared/schemas/tenant';
import { tenantListQuerySchema } from '@shared/schemas/tenant';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, ListScreen } from '../common/list/ListScreen';
import { notifySuccess } from '../common/notifications/notificationStore';
import { countryName } from '../i18n/countryName';
import { useSession } from '../session/useSession';
import { selectTenant, useSelectedTenant } from './selectedTenant';
import { TenantDrawer } from './TenantDrawer';
import { TENANT_FILTER_KEYS, TENANTS_PAGE_SIZE, useTenantList } from './tenantsApi';

const filterSchema = tenantListQuerySchema.pick({
  subdomain: true,
  company: true,
  address: true,
  zipcode: true,
  city: true,
  country: true,
  phone: true,
  email: true,
});
/** Typing an id settles before the list asks the server. */
const SEARCH_DELAY_MS = 300;
const tenantName = (tenant: Tenant) => tenant.company || tenant.subdomain || `#${tenant.id}`;

/** Spec 001 s.2 Tenants screen: id search, filter drawer, 30 a page, Create, edit drawer at /tenants/:id. */
export default function TenantsPage() {
  const { t, i18n } = useTranslation('tenants');
  const { user } = useSession();
  const client = useQueryClient();
  const selected = useSelectedTenant();
  const isSuperAdmin = user?.roles.includes('ROLE_SUPER_ADMIN') ?? false;

  const switchTo = useCallback(
    (tenant: Tenant) => {
      if (!user) return;
      const own = tenant.id === user.tenant?.id;
      selectTenant(
        own ? null : { id: tenant.id, company: tenant.company, subdomain: tenant.subdomain, selectedBy: user.id },
      );
      void client.invalidateQueries();
      notifySuccess(t('switch.switched', { name: tenantName(tenant) }));
    },
    [user, client, t],
  );

  const columns = useMemo<Column<Tenant>[]>(() => {
    const text = (id: keyof Tenant, hideOnPhone = true): Column<Tenant> => ({
      id,
      label: t(`columns.${id}` as 'columns.city'),
      hideOnPhone,
    });
    const switchColumn: Column<Tenant> = {
      id: 'switch',
      label: '',
      align: 'right',
      render: (tenant) => {
        const label = t('switch.to', { name: tenantName(tenant) });
        const current = selected ? selected.id === tenant.id : tenant.id === user?.tenant?.id;
        return (
          <Tooltip title={label}>
            <span>
              <IconButton
                size="small"
                aria-label={label}
                color={current ? 'primary' : 'default'}
                disabled={current}
                onClick={(event) => {
                  event.stopPropagation();
                  switchTo(tenant);
                }}
              >
                <SwapHoriz fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        );
      },
    };
    return [
      text('id', false),
      text('subdomain', false),
      text('company', false),
      text('address'),
      text('zipcode'),
      text('city'),
      // Stored as typed ("Netherlands"); shown in the reader's language like asset addresses.
      { ...text('country'), render: (tenant) => countryName(tenant.country, i18n.language) },
      text('phone'),
      text('email'),
      ...(isSuperAdmin ? [switchColumn] : []),
    ];
  }, [t, i18n.language, isSuperAdmin, selected, user, switchTo]);

  const filterFields = useMemo(() => TENANT_FILTER_KEYS.map((name) => ({ name, label: t(`fields.${name}`) })), [t]);

  return (
    <ListScreen
      basePath="/tenants"
      search={{ label: t('searchLabel'), delay: SEARCH_DELAY_MS }}
      filterKeys={TENANT_FILTER_KEYS}
      filterFields={filterFields}
      filterSchema={filterSchema}
      useRows={useTenantList}
      pageSize={TENANTS_PAGE_SIZE}
      columns={columns}
      create={{ label: t('create'), allowed: isSuperAdmin }}
      renderPanel={(id, close) => <TenantDrawer tenantId={id} onClose={close} />}
    />
  );
}
