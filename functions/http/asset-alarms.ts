import type { AlarmAssignInput, AlarmStepInput } from '../../shared/schemas/alarm-handling';
import { listAlarmAssignees } from '../lib/alarms/alarm-assignees';
import { type AlarmStepRequest, assignableOwner, takeAlarmStep } from '../lib/alarms/alarm-handling';
import { listAlarmInbox, readInboxFilter } from '../lib/alarms/alarm-inbox';
import { listAssetAlarms, type SentAlarmOwner } from '../lib/alarms/sent-alarms';
import { assetRepository } from '../lib/assets/asset-repository';
import { assertCanSee, assetViewerOf } from '../lib/assets/asset-view';
import type { AuthContext } from '../lib/auth/auth-context';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { createHttpHandler, type HttpEvent, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { expectationOf } from '../lib/http/preconditions';
import { liveAlarm } from '../lib/live/publisher';

/**
 * The alarms sent for an asset, newest first, and their handling: acknowledged and resolved by whoever may
 * see the asset (a client user reaches only their customer's assets: another customer's asset is a 404, as in
 * assets.ts), assigned by staff. The alarm inbox lists the unresolved alarms of the caller's scope; an alarm
 * of a tag linked to no asset is staff's only, handled on the device's path; a zone stock alarm on its zone's.
 */
async function visibleAsset(auth: AuthContext, id: number) {
  const viewer = await assetViewerOf(auth);
  return assertCanSee(viewer, await assetRepository.get(auth.tenant, id));
}

interface AlarmParams {
  id: number;
  alarmId: string;
}

interface StepCall {
  auth: AuthContext;
  event: HttpEvent;
  alarmId: string;
  body: AlarmStepInput | AlarmAssignInput;
  step: AlarmStepRequest['step'];
}

/**
 * Takes the step and tells every inbox of the alarm's scope (live push; the handler layer flushes it): on the
 * asset's path its customer now, else the customer recorded with the alarm.
 */
async function stepOn(
  partition: SentAlarmOwner,
  { auth, event, alarmId, body, step }: StepCall,
  customer?: number | null,
) {
  const owner = body && 'owner' in body ? await assignableOwner(auth.tenant, body.owner) : undefined;
  const comment = body && 'comment' in body ? body.comment : null;
  const { alarm, clientId } = await takeAlarmStep(auth.tenant, partition, alarmId, {
    step,
    who: auth.username,
    comment: comment ?? null,
    owner,
    expectation: expectationOf(event, body?.version),
  });
  const channel = customer === undefined ? clientId : customer;
  liveAlarm(auth.tenant, { id: alarmId, asset: partition.assetId, ack: alarm.state !== 'open' }, channel);
  return alarm;
}

const onAsset = (step: AlarmStepRequest['step']) =>
  route<unknown, AlarmParams, unknown>({
    run: async ({ auth, event, params, body }) => {
      const asset = await visibleAsset(auth, params.id);
      // A malformed alarm id names no alarm: the stack answers 404, as for an unknown one.
      const call = { auth, event, alarmId: params.alarmId, body: body as StepCall['body'], step };
      return stepOn({ assetId: asset.id, deviceId: 0 }, call, asset.client?.id ?? null);
    },
  });

const onDevice = (step: AlarmStepRequest['step']) =>
  route<unknown, AlarmParams, unknown>({
    run: async ({ auth, event, params, body }) => {
      const call = { auth, event, alarmId: params.alarmId, body: body as StepCall['body'], step };
      return stepOn({ assetId: null, deviceId: params.id }, call);
    },
  });

// A zone stock alarm (types 4/5) has neither asset nor tag; its zone owns it. Staff only.
const onZone = (step: AlarmStepRequest['step']) =>
  route<unknown, AlarmParams, unknown>({
    run: async ({ auth, event, params, body }) => {
      const call = { auth, event, alarmId: params.alarmId, body: body as StepCall['body'], step };
      return stepOn({ assetId: null, deviceId: 0, zoneId: params.id }, call);
    },
  });

export const handler = createHttpHandler('asset-alarms', {
  'assetAlarms.list': route({
    run: async ({ auth, params, rawQuery }) => {
      const { id } = await visibleAsset(auth, params.id);
      const collection = parseCollectionQuery(rawQuery, {});
      const { members, total } = await listAssetAlarms(auth.tenant, id, collection.page, collection.itemsPerPage);
      return toCollection(`/api/assets/${id}/alarms`, collection, members, total);
    },
  }),
  'assetAlarms.acknowledge': onAsset('acknowledged'),
  'assetAlarms.resolve': onAsset('resolved'),
  'assetAlarms.assign': onAsset('assigned'),
  'alarmInbox.list': route({
    run: async ({ auth, rawQuery }) => {
      const viewer = await assetViewerOf(auth);
      const collection = parseCollectionQuery(rawQuery, { filters: { state: 'string', owner: 'string' } });
      const filter = readInboxFilter(collection.params, auth.userId);
      const inbox = await listAlarmInbox(auth.tenant, viewer, collection.page, collection.itemsPerPage, filter);
      return reply(200, toCollection('/api/alarm-inbox', collection, inbox.members, inbox.total), {
        'x-total-exact': String(inbox.totalExact),
      });
    },
  }),
  'alarmInbox.assignees': route({
    run: async ({ auth, rawQuery }) => {
      const collection = parseCollectionQuery(rawQuery, {});
      const all = await listAlarmAssignees(auth.tenant);
      const from = (collection.page - 1) * collection.itemsPerPage;
      const members = all.slice(from, from + collection.itemsPerPage);
      return toCollection('/api/alarm-inbox/assignees', collection, members, all.length);
    },
  }),
  'deviceAlarms.acknowledge': onDevice('acknowledged'),
  'deviceAlarms.resolve': onDevice('resolved'),
  'deviceAlarms.assign': onDevice('assigned'),
  'zoneAlarms.acknowledge': onZone('acknowledged'),
  'zoneAlarms.resolve': onZone('resolved'),
  'zoneAlarms.assign': onZone('assigned'),
});
