import type { IndexName } from './table';

/**
 * Every access pattern that reads an index, named by what it reads: the one place that says which index
 * serves it. The indexes are overloaded (shared/table.ts), so one index has a name per entity and pattern
 * (`gsi1` is the tenants by subdomain, the customers by company, the alarm rules by type, ...). Code passes
 * these names, never a raw index name (test/unit/index-names.test.ts); docs/data-model.md describes the keys
 * each one holds.
 */
export const ACCESS_PATTERNS = {
  // Tenants, users and customers.
  tenantsBySubdomain: 'gsi1',
  usersOfClient: 'gsi1',
  clientsByCompany: 'gsi1',
  clientsByAccountManager: 'gsi2',

  // Assets: a tenant's list orders (INCLUDE of the list filters' attributes).
  assetsByDaysOutside: 'gsi8',
  assetsByReference: 'gsi9',
  assetsByScheduled: 'gsi10',
  assetsByClientCompany: 'gsi11',
  assetsByCableLength: 'gsi12',
  // Assets: one customer's orders (keys only). Its company order is the id order.
  clientAssetsById: 'gsi14',
  clientAssetsByDaysOutside: 'gsi15',
  clientAssetsByReference: 'gsi16',
  clientAssetsByScheduled: 'gsi17',
  clientAssetsByCableLength: 'gsi18',
  // Assets: the map (sparse, positioned assets only, the marker fields).
  assetsByMapPosition: 'gsi7',
  assetStatusesByValue: 'gsi1',
  assetProfilesByAsset: 'gsi1',
  assetTimersByDueTime: 'gsi1',
  // Report subscriptions: the ones due by a time (sparse: not while paused), for the report job.
  reportSubscriptionsByDueTime: 'gsi1',
  reportSubscriptionsOfOwner: 'gsi2',
  // Alarm notices: the repeats, escalations and held notices due by a time, for the notice job.
  alarmNoticesByDueTime: 'gsi1',

  // Devices: a tenant's list orders.
  devicesByBattery: 'gsi8',
  devicesByAssetName: 'gsi9',
  devicesByName: 'gsi10',
  devicesByDevEui: 'gsi11',
  devicesByActivationDate: 'gsi12',
  devicesByModel: 'gsi13',
  devicesByConnectivity: 'gsi15',
  // Devices: the silent-tag job's due entries; written in the map's index before they had their own, read
  // there only by the migration step that moves them (functions/lib/devices/due-entry-move.ts).
  devicesByDueTime: 'gsi14',
  devicesByLegacyDueTime: 'gsi7',

  eventsOfTenantByDate: 'gsi1',
  // An asset's track: the located events written for it, whichever of its tags sent them (the history map).
  eventsOfAssetByDate: 'gsi2',
  // The area search: located events with an asset by geohash cell (precision 6 and 5), then date.
  eventsByFineCell: 'gsi3',
  eventsByCoarseCell: 'gsi4',
  alarmRulesByType: 'gsi1',
  // Open alarms: the staff inbox (every one of the tenant) and a client user's (their customer's assets).
  staffAlarmInbox: 'gsi1',
  clientAlarmInbox: 'gsi2',
  // Waiting pickups: the tenant's queue and one customer's.
  staffPickupQueue: 'gsi1',
  clientPickupQueue: 'gsi2',
  // Delivered / empty reports of a period, for the invoice audit's count of disagreements.
  reportsByTime: 'gsi1',
  // Zone visits: a zone's by arrival, and the open ones (who is inside which zone now).
  zoneVisitsByArrival: 'gsi1',
  openZoneVisits: 'gsi2',
  // Rental contract lines: one asset's and one customer's, latest on-hire first.
  rentalContractsOfAsset: 'gsi1',
  rentalContractsOfClient: 'gsi2',
  rentalContractsByChange: 'gsi3',
  // The audit log: one entity's history and one actor's changes, newest first.
  auditByEntity: 'gsi1',
  auditByActor: 'gsi2',
} as const satisfies Record<string, IndexName>;

export type AccessPattern = keyof typeof ACCESS_PATTERNS;
