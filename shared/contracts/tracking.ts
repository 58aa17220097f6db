import { z } from 'zod';
import type { RouteContract } from '../route-contracts';
import type { RouteId } from '../routes';
import { alarmInputSchema, alarmSchema, alarmUpdateInputSchema } from '../schemas/alarm';
import { alarmInboxEntrySchema } from '../schemas/alarm-inbox';
import { alarmWithSubscriptionsSchema } from '../schemas/alarm-subscription';
import {
  ASSET_SORT_FIELDS,
  assetActionInputSchema,
  assetInputSchema,
  assetListQuerySchema,
  assetProfilesAssignInputSchema,
  assetSchema,
  assetUpdateInputSchema,
  assetViewSchema,
} from '../schemas/asset';
import { assetAlarmIdSchema, assetAlarmSchema } from '../schemas/asset-alarm';
import { assetMapAnswerSchema, assetMapQuerySchema } from '../schemas/asset-map';
import {
  assetProfileDefinitionSchema,
  assetProfileDefinitionUpdateInputSchema,
  assetProfileSchema,
  assetProfileUpdateInputSchema,
} from '../schemas/asset-profile';
import { assetStatusListQuerySchema, assetStatusSchema } from '../schemas/asset-status';
import {
  attachmentRegisterSchema,
  attachmentSchema,
  attachmentUploadQuerySchema,
  attachmentUploadTicketSchema,
} from '../schemas/attachment';
import {
  clientInputSchema,
  clientListQuerySchema,
  clientSchema,
  clientUpdateInputSchema,
  clientUserInputSchema,
  clientUserListQuerySchema,
  clientUserSchema,
  clientUserUpdateInputSchema,
  credentialsResetResultSchema,
} from '../schemas/client';
import { exportQuerySchema, idParamSchema, paginationQuerySchema } from '../schemas/common';
import {
  DEVICE_SORT_FIELDS,
  deviceCreateInputSchema,
  deviceListQuerySchema,
  deviceSchema,
  deviceUpdateInputSchema,
} from '../schemas/device';
import {
  deviceProfileInputSchema,
  deviceProfileSchema,
  deviceProfileTestInputSchema,
  deviceProfileTestResultSchema,
  deviceProfileUpdateInputSchema,
} from '../schemas/device-profile';
import { eventListQuerySchema, eventSchema } from '../schemas/event';
import { exportJobSchema, exportResultSchema } from '../schemas/export';
import { geoZoneInputSchema, geoZoneSchema, geoZoneUpdateInputSchema } from '../schemas/geo-zone';
import { geoZoneFeatureCollectionSchema, geoZoneImportSchema } from '../schemas/geo-zone-geojson';
import { ingestOutcomeSchema } from '../schemas/kpn-things';
import { assetMapDeltaSchema } from '../schemas/live';
import {
  stockAssetSchema,
  stockAssetsQuerySchema,
  stockLimitsInputSchema,
  stockTableSchema,
  zoneStockSchema,
} from '../schemas/zone-stock';
import { assetVisitListQuerySchema, zoneVisitListQuerySchema, zoneVisitSchema } from '../schemas/zone-visit';

/** Spec 000 and the pipeline: assets, profiles, customers, devices, events, geo zones, alarm rules, uplinks. */
export const TRACKING_CONTRACTS = {
  'assets.list': {
    summary: 'List assets',
    query: assetListQuerySchema,
    orders: ASSET_SORT_FIELDS,
    collection: assetViewSchema,
  },
  'assets.map': {
    summary:
      'Assets on the map: every positioned asset in one columnar answer, compressed by Accept-Encoding (br, gzip); ' +
      '`next` names the rest only past the size bounds',
    query: assetMapQuerySchema,
    // With `since`: the delta, with an ETag; If-None-Match with it answers 304.
    response: z.union([assetMapAnswerSchema, assetMapDeltaSchema]),
    notModified: true,
  },
  'assets.export': {
    summary: 'Export the asset list (PDF, Excel, CSV)',
    query: [exportQuerySchema, assetListQuerySchema],
    response: exportResultSchema,
  },
  'assets.exportJob': {
    summary: 'Export the asset list in the background',
    query: [exportQuerySchema, assetListQuerySchema],
    response: exportJobSchema,
    status: 202,
  },
  'assets.get': { summary: 'Get an asset', response: assetViewSchema },
  'assets.create': { summary: 'Create an asset', body: assetInputSchema, response: assetSchema, status: 201 },
  'assets.update': { summary: 'Update an asset', body: assetUpdateInputSchema, response: assetSchema, ifMatch: true },
  'assets.delete': { summary: 'Delete an asset', ifMatch: true },
  'assets.saveProfiles': {
    summary: "Assign an asset's profiles",
    body: assetProfilesAssignInputSchema,
    response: assetSchema,
    errors: [409],
  },
  'assets.delivered': {
    summary: 'Report an asset delivered',
    body: assetActionInputSchema,
    response: assetViewSchema,
    ifMatch: true,
  },
  'assets.deregister': {
    summary: 'Report an asset empty',
    body: assetActionInputSchema,
    response: assetViewSchema,
    ifMatch: true,
  },
  'assets.confirmReport': {
    summary: 'Confirm a delivered or empty report (send_delivered to delivered, send_deregistered to deregistered)',
    body: assetActionInputSchema,
    response: assetViewSchema,
    ifMatch: true,
  },
  'assets.resetLoanDays': {
    summary: 'Reset the days outside the geo zone',
    body: assetActionInputSchema,
    response: assetViewSchema,
    ifMatch: true,
  },
  'assets.addAttachment': {
    summary: 'Register an uploaded attachment',
    body: attachmentRegisterSchema,
    response: attachmentSchema,
    status: 201,
  },
  'assets.deleteAttachment': { summary: 'Delete an attachment' },
  'assetAlarms.list': {
    summary: 'Alarms sent for an asset',
    query: paginationQuerySchema,
    collection: assetAlarmSchema,
  },
  'assetAlarms.acknowledge': {
    summary: 'Acknowledge an alarm of an asset',
    params: z.object({ id: idParamSchema, alarmId: assetAlarmIdSchema }),
    response: assetAlarmSchema,
    errors: [409],
  },
  'zoneVisits.ofAsset': {
    summary: "An asset's zone visits, newest arrival first, optionally of a period (client users: 403)",
    query: assetVisitListQuerySchema,
    collection: zoneVisitSchema,
    errors: [403],
  },
  'zoneVisits.exportOfAsset': {
    summary: "Export an asset's zone visits (PDF, Excel, CSV; at most 5,000 rows)",
    query: [exportQuerySchema, assetVisitListQuerySchema],
    response: exportResultSchema,
    errors: [403],
  },
  'zoneVisits.ofZone': {
    summary:
      "A zone's visits of a period, newest arrival first, or with open=true who is there now (client users: 403)",
    query: zoneVisitListQuerySchema,
    collection: zoneVisitSchema,
    errors: [403],
  },
  'zoneVisits.exportOfZone': {
    summary: "Export a zone's visits of a period or its open visits (PDF, Excel, CSV; at most 5,000 rows)",
    query: [exportQuerySchema, zoneVisitListQuerySchema],
    response: exportResultSchema,
    errors: [403],
  },
  'alarmInbox.list': {
    summary: "Open alarms of the caller's scope, newest first (the total stops at 1,000)",
    query: paginationQuerySchema,
    collection: alarmInboxEntrySchema,
  },
  'deviceAlarms.acknowledge': {
    summary: 'Acknowledge an alarm of a tag linked to no asset (staff only)',
    params: z.object({ id: idParamSchema, alarmId: assetAlarmIdSchema }),
    response: assetAlarmSchema,
    errors: [409],
  },
  'storage.credentials': {
    summary: 'A presigned POST (form upload, size-bound) for an attachment',
    query: attachmentUploadQuerySchema,
    response: attachmentUploadTicketSchema,
    errors: [404],
  },
  'assetStatuses.list': { summary: 'Asset statuses', query: assetStatusListQuerySchema, collection: assetStatusSchema },

  'assetProfileDefinitions.list': {
    summary: 'Asset profile definitions',
    query: paginationQuerySchema,
    collection: assetProfileDefinitionSchema,
  },
  'assetProfileDefinitions.update': {
    summary: 'Update an asset profile definition',
    body: assetProfileDefinitionUpdateInputSchema,
    response: assetProfileDefinitionSchema,
  },
  'assetProfiles.get': { summary: 'Get an asset profile', response: assetProfileSchema },
  'assetProfiles.update': {
    summary: 'Update an asset profile',
    body: assetProfileUpdateInputSchema,
    response: assetProfileSchema,
  },
  'deviceProfiles.list': {
    summary: "Device profiles: the built-ins, then the tenant's own",
    collection: deviceProfileSchema,
  },
  'deviceProfiles.get': { summary: 'Get a device profile', response: deviceProfileSchema },
  'deviceProfiles.create': {
    summary: 'Create a device profile with a payload codec (admins)',
    body: deviceProfileInputSchema,
    response: deviceProfileSchema,
    status: 201,
  },
  'deviceProfiles.update': {
    summary: 'Update a device profile (admins; built-ins answer 403)',
    body: deviceProfileUpdateInputSchema,
    response: deviceProfileSchema,
    ifMatch: true,
  },
  'deviceProfiles.delete': {
    summary: 'Delete a device profile (admins; 409 while devices use it)',
    errors: [409],
    ifMatch: true,
  },
  'deviceProfiles.test': {
    summary: "Decode bytes with a codec and map the result (the profile screen's test panel)",
    body: deviceProfileTestInputSchema,
    response: deviceProfileTestResultSchema,
  },

  'clients.list': { summary: 'List customers', query: clientListQuerySchema, collection: clientSchema },
  'clients.get': { summary: 'Get a customer', response: clientSchema },
  'clients.create': { summary: 'Create a customer', body: clientInputSchema, response: clientSchema, status: 201 },
  'clients.update': { summary: 'Update a customer', body: clientUpdateInputSchema, response: clientSchema },
  'clients.delete': { summary: 'Delete a customer', errors: [422] },
  'clients.resetPassword': {
    summary: "Reset a customer's password and mail it (mail_sent: false when SES refused the mail)",
    response: credentialsResetResultSchema,
  },
  'clientUsers.list': {
    summary: "List a customer's users",
    query: clientUserListQuerySchema,
    collection: clientUserSchema,
  },
  'clientUsers.create': {
    summary: 'Create a customer user',
    body: clientUserInputSchema,
    response: clientUserSchema,
    status: 201,
  },
  'clientUsers.update': {
    summary: 'Update a customer user',
    body: clientUserUpdateInputSchema,
    response: clientUserSchema,
  },
  'clientUsers.delete': { summary: 'Delete a customer user' },

  'devices.list': {
    summary: 'List devices',
    query: deviceListQuerySchema,
    orders: DEVICE_SORT_FIELDS,
    collection: deviceSchema,
  },
  'devices.export': {
    summary: 'Export the device list (PDF, Excel, CSV)',
    query: [exportQuerySchema, deviceListQuerySchema],
    response: exportResultSchema,
  },
  'devices.exportJob': {
    summary: 'Export the device list in the background',
    query: [exportQuerySchema, deviceListQuerySchema],
    response: exportJobSchema,
    status: 202,
  },
  'devices.get': { summary: 'Get a device', response: deviceSchema },
  'devices.create': { summary: 'Create a device', body: deviceCreateInputSchema, response: deviceSchema, status: 201 },
  'devices.update': {
    summary: 'Update a device',
    body: deviceUpdateInputSchema,
    response: deviceSchema,
    ifMatch: true,
  },
  'devices.delete': { summary: 'Delete a device', ifMatch: true },
  'devices.resetSabotaged': {
    summary: 'Clear the sabotage flag of a device',
    response: deviceSchema,
    ifMatch: true,
  },
  'events.list': { summary: 'List device events', query: eventListQuerySchema, collection: eventSchema },

  'geoZones.list': { summary: 'List geo zones', collection: geoZoneSchema },
  'geoZones.export': {
    summary: 'Geo zones as a GeoJSON FeatureCollection',
    response: geoZoneFeatureCollectionSchema,
    mediaType: 'application/geo+json',
  },
  'geoZones.import': {
    summary: 'Import geo zones from GeoJSON',
    body: geoZoneImportSchema,
    collection: geoZoneSchema,
    status: 201,
  },
  'geoZones.get': { summary: 'Get a geo zone', response: geoZoneSchema },
  'geoZones.create': { summary: 'Create a geo zone', body: geoZoneInputSchema, response: geoZoneSchema, status: 201 },
  'geoZones.update': { summary: 'Update a geo zone', body: geoZoneUpdateInputSchema, response: geoZoneSchema },
  'geoZones.delete': { summary: 'Delete a geo zone', errors: [422] },
  'stock.table': {
    summary: 'Stock per zone: zones x asset profiles, the assets inside now (staff only)',
    response: stockTableSchema,
  },
  'stock.zone': {
    summary: "A zone's stock: assets inside now by profile, cable type and status, and its limits (staff only)",
    response: zoneStockSchema,
  },
  'stock.assets': {
    summary: "The assets inside a zone now, longest there first; profile narrows to one profile's (staff only)",
    query: stockAssetsQuerySchema,
    collection: stockAssetSchema,
  },
  'stock.saveLimits': {
    summary: "Save a zone's minimum and maximum per asset profile (alarm types 4/5; staff only)",
    body: stockLimitsInputSchema,
    response: zoneStockSchema,
    errors: [409],
  },
  'zoneAlarms.acknowledge': {
    summary: 'Acknowledge a zone stock alarm (types 4/5; staff only)',
    params: z.object({ id: idParamSchema, alarmId: assetAlarmIdSchema }),
    response: assetAlarmSchema,
    errors: [409],
  },
  'alarms.list': { summary: 'List alarm rules', query: paginationQuerySchema, collection: alarmSchema },
  'alarms.get': { summary: 'Get an alarm rule', response: alarmWithSubscriptionsSchema },
  'alarms.create': {
    summary: 'Create an alarm rule',
    body: alarmInputSchema,
    response: alarmWithSubscriptionsSchema,
    status: 201,
  },
  'alarms.update': {
    summary: 'Update an alarm rule',
    body: alarmUpdateInputSchema,
    response: alarmWithSubscriptionsSchema,
  },
  'alarms.delete': { summary: 'Delete an alarm rule' },

  'uplinks.kpnThings': {
    summary: 'KPN Things uplink (the Things-Message-Token header is the credential)',
    response: ingestOutcomeSchema,
    status: 202,
  },
  'uplinks.tts': {
    summary: 'The Things Stack webhook message (the X-Uplink-Secret header is the credential)',
    response: ingestOutcomeSchema,
    status: 202,
    errors: [413],
  },
  'uplinks.chirpstack': {
    summary: 'ChirpStack v4 HTTP integration event (the X-Uplink-Secret header is the credential)',
    query: z.object({ event: z.string().optional() }),
    response: ingestOutcomeSchema,
    status: 202,
    errors: [413],
  },
} as const satisfies Partial<Record<RouteId, RouteContract>>;
