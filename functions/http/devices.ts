import { deviceUpdateInputSchema } from '../../shared/schemas/device';
import { followBulkEdit, startBulkEdit } from '../lib/bulk-edit/bulk-edit-jobs';
import { deviceListRequestOf } from '../lib/devices/device-list-request';
import { listDevices } from '../lib/devices/device-query';
import { deviceRepository, toApiDevice } from '../lib/devices/device-repository';
import { createDevice, deleteDevice, resetSabotaged, saveDevice } from '../lib/devices/device-writes';
import { startExportJob } from '../lib/exports/export-jobs';
import { exportNow, exportRequestOf } from '../lib/exports/export-worker-client';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { expectationOf, writeExpecting } from '../lib/http/preconditions';
import { validate } from '../lib/http/validation';

/**
 * Devices (spec 000 /devices): the list with its search, filters and every sortable column, the
 * device form (DEVEUI unique in the platform, DEVEUI and barcode fixed after creation), the asset summaries
 * kept in step, the sabotage reset and the exports (device profiles: device-profiles.ts). Client users see no devices
 * whatever the role matrix grants (spec 000 hides the Devices field and column from them), and only staff reset a
 * sabotage: the route table's audience (shared/routes.ts `only`). Decisions: docs/decisions/0138 to 0145.
 */

export const handler = createHttpHandler('devices', {
  'devices.list': route({
    run: async ({ auth, rawQuery }) => {
      const { collection, request } = deviceListRequestOf(rawQuery, auth);
      const result = await listDevices(auth.tenant, request);
      return reply(200, toCollection('/api/devices', collection, result.items.map(toApiDevice), result.total), {
        'x-total-exact': String(result.totalExact),
        'x-items-read': String(result.itemsRead),
      });
    },
  }),
  'devices.export': route({
    run: ({ auth, rawQuery, event }) => exportNow(auth, 'devices', exportRequestOf(event, rawQuery)),
  }),
  'devices.exportJob': route({
    run: async ({ auth, rawQuery, event }) => {
      return reply(202, await startExportJob(auth, 'devices', exportRequestOf(event, rawQuery)));
    },
  }),
  'devices.get': route({
    run: async ({ auth, params }) => {
      return toApiDevice(await deviceRepository.getOrThrow(auth.tenant, params.id));
    },
  }),
  'devices.create': route({
    run: async ({ auth, body }) => reply(201, toApiDevice(await createDevice(auth.tenant, body))),
  }),
  // The same device profiles on many devices, applied by the bulk edit worker as this update (lib bulk-edit/).
  'devices.bulkEdit': route({
    checksBody: true,
    run: async ({ auth, body, event }) => reply(202, await startBulkEdit(auth, 'devices', body, event)),
  }),
  'devices.bulkEditJob': route({
    run: ({ auth, params }) => followBulkEdit(auth, 'devices', String(params.jobId)),
  }),
  'devices.update': route({
    checksBody: true,
    run: async ({ auth, params, body, event }) => {
      const { id } = params;
      const version = (body as { version?: unknown } | null)?.version;
      const saved = await writeExpecting(
        expectationOf(event, typeof version === 'number' ? version : undefined),
        () => deviceRepository.getOrThrow(auth.tenant, id),
        (current) => saveDevice(auth.tenant, current, validate(deviceUpdateInputSchema, body)),
      );
      return toApiDevice(saved);
    },
  }),
  'devices.delete': route({
    run: async ({ auth, params, event }) => {
      const { id } = params;
      await writeExpecting(
        expectationOf(event),
        () => deviceRepository.getOrThrow(auth.tenant, id),
        (current) => deleteDevice(auth.tenant, current),
      );
      return reply(204);
    },
  }),
  'devices.resetSabotaged': route({
    run: async ({ auth, params, event }) => {
      const { id } = params;
      const saved = await writeExpecting(
        expectationOf(event),
        () => deviceRepository.getOrThrow(auth.tenant, id),
        (current) => resetSabotaged(auth.tenant, current),
      );
      return toApiDevice(saved);
    },
  }),
});
