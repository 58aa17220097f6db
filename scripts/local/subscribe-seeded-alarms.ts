import { subscribeRecipients } from '../../functions/lib/alarms/alarm-mail';
import { alarmRepository } from '../../functions/lib/alarms/alarm-repository';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { tenantRepository } from '../../functions/lib/tenants/tenant-repository';
import { alarmRecipients } from '../../shared/schemas/alarm';

/**
 * The seed writes alarm rules straight to the table, past the API that subscribes their addresses: after a
 * first start, subscribe them as the API would, so the demo's alarm mails can arrive once each address's
 * confirmation link (in the mail inbox) is followed.
 */
export async function subscribeSeededAlarmAddresses(): Promise<number> {
  const addresses = new Set<string>();
  for (const tenant of await tenantRepository.list()) {
    const ctx = systemTenantContext(tenant.id);
    const { items } = await alarmRepository.page(ctx, { page: 1, itemsPerPage: 1000 });
    for (const rule of items) for (const address of alarmRecipients(rule)) addresses.add(address);
  }
  await subscribeRecipients([...addresses]);
  return addresses.size;
}
