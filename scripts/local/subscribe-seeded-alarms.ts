import { subscribeRecipients } from '../../functions/lib/alarms/alarm-mail';
import { alarmRepository } from '../../functions/lib/alarms/alarm-repository';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { tenantRepository } from '../../functions/lib/tenants/tenant-repository';
import { alarmRecipients } from '../../shared/schemas/alarm';

/** The addresses of the alarm rules the demo seed wrote, over all tenants, each once. */
export async function seededAlarmAddresses(): Promise<string[]> {
  const addresses = new Set<string>();
  for (const tenant of await tenantRepository.list()) {
    const ctx = systemTenantContext(tenant.id);
    const { items } = await alarmRepository.page(ctx, { page: 1, itemsPerPage: 1000 });
    for (const rule of items) for (const address of alarmRecipients(rule)) addresses.add(address.toLowerCase());
  }
  return [...addresses];
}

/**
 * The seed writes alarm rules straight to the table, past the API that subscribes their addresses: after a
 * first start, subscribe them as the API would. The SNS stand-in was started with these demo addresses
 * (`demoAddresses`), so they are confirmed at once and the demo's alarm mails arrive from the first
 * `npm run simulate`; an address added later goes through the confirmation mail, as on AWS.
 */
export async function subscribeSeededAlarmAddresses(addresses: string[]): Promise<number> {
  await subscribeRecipients(addresses);
  return addresses.length;
}
