/**
 * The devices screen's pure mappings between the console's state and the API. Kept free of imports so the
 * unit tests (test/unit/web-devices.test.ts) load it without the console's module aliases.
 */

/** The list as the URL holds it: search text, filters by URL name, the chosen sort. */
export interface DeviceListState {
  search: string;
  filters: Partial<Record<'id' | 'logicalId' | 'hasAsset' | 'batteryLow' | 'sabotaged' | 'connectivity', string>>;
  sort?: { field: string; direction: 'asc' | 'desc' };
}

/** A yes/no filter as the API takes it; anything else in a hand-edited URL is left out, not sent to fail. */
const yesNo = (value: string | undefined) => (value === 'true' || value === 'false' ? value : undefined);

/** The API's filter and order parameters for the list as the URL holds it (also used by the export). */
export function toDeviceQuery({ search, filters, sort }: DeviceListState) {
  const query: Record<string, string | undefined> = {
    search: search || undefined,
    id: filters.id,
    logicalId: filters.logicalId,
    'asset[exists]': yesNo(filters.hasAsset),
    batteryLevelLow: yesNo(filters.batteryLow),
    sabotaged: yesNo(filters.sabotaged),
    connectivity: filters.connectivity || undefined,
  };
  if (sort) query[`order[${sort.field}]`] = sort.direction;
  return query;
}

/** camelCase paths (devEui) from API Platform style validators land on the snake_case field. */
export const formFieldOf = (propertyPath: string): string =>
  (propertyPath.replace(/\[.*$/, '').split('.')[0] ?? '').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** What is sent: an update leaves DEVEUI and barcode out (the API refuses a change), profiles only when shown. */
export function devicePayload(
  values: Record<string, unknown>,
  isNew: boolean,
  withProfiles: boolean,
): Record<string, unknown> {
  const body = { ...values };
  if (!isNew) {
    delete body.dev_eui;
    delete body.barcode;
  }
  if (!withProfiles) delete body.device_profiles;
  return body;
}
