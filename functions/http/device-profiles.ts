import {
  BUILT_IN_PROFILE_READ_ONLY,
  DEVICE_PROFILE_IN_USE,
  deviceProfileInputSchema,
  deviceProfileTestInputSchema,
  deviceProfileUpdateInputSchema,
} from '../../shared/schemas/device-profile';
import type { AuthContext } from '../lib/auth/auth-context';
import { assertCodecCompiles, testCodec } from '../lib/device-profiles/codec-test';
import {
  createDeviceProfile,
  type DeviceProfileRecord,
  deleteDeviceProfile,
  deviceProfileRepository,
  getDeviceProfileOrThrow,
  isTenantProfileId,
  listDeviceProfiles,
  saveDeviceProfile,
  toApiDeviceProfile,
} from '../lib/device-profiles/device-profile-repository';
import { isBuiltInDeviceProfileId } from '../lib/devices/device-profiles';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { conflict, forbidden, notFound } from '../lib/http/errors';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { expectationOf, writeExpecting } from '../lib/http/preconditions';
import { validate } from '../lib/http/validation';
import { CODEC_RUNS_PER_TENANT } from '../lib/security/limits';
import { enforce } from '../lib/security/rate-limit';

/**
 * Device profiles (docs/device-payloads.md): the built-ins 1-4 in every tenant and the
 * tenant's own profiles with a payload codec. A codec is code the pipeline runs for the whole tenant, so writing
 * profiles and running the test panel is for admins only, whatever the role matrix grants, and client users read
 * none (the route table's audience, shared/routes.ts `only`).
 */

/** A codec run in the API (a test, or the compile of a save) from the tenant's budget: each burns CPU. */
const spendCodecRun = (auth: AuthContext) => enforce(CODEC_RUNS_PER_TENANT, `tenant-${auth.tenant.tenantId}`);

/** The tenant's own profile for a write: built-ins are read-only (403), another tenant's id is not found. */
async function ownProfile(auth: AuthContext, id: number): Promise<DeviceProfileRecord> {
  if (isBuiltInDeviceProfileId(id)) throw forbidden(BUILT_IN_PROFILE_READ_ONLY);
  if (!isTenantProfileId(id)) throw notFound();
  return deviceProfileRepository.getOrThrow(auth.tenant, id);
}

export const handler = createHttpHandler('device-profiles', {
  'deviceProfiles.list': route({
    run: async ({ auth, rawQuery }) => {
      const collection = parseCollectionQuery(rawQuery, {});
      const members = (await listDeviceProfiles(auth.tenant)).map(toApiDeviceProfile);
      return toCollection('/api/device-profiles', { ...collection, paginate: false }, members, members.length);
    },
  }),
  'deviceProfiles.get': route({
    run: async ({ auth, params }) => {
      return toApiDeviceProfile(await getDeviceProfileOrThrow(auth.tenant, params.id));
    },
  }),
  'deviceProfiles.create': route({
    checksBody: true,
    run: async ({ auth, body }) => {
      const input = validate(deviceProfileInputSchema, body);
      if (input.codec) await spendCodecRun(auth);
      await assertCodecCompiles(input.codec);
      return reply(201, toApiDeviceProfile(await createDeviceProfile(auth.tenant, input)));
    },
  }),
  'deviceProfiles.update': route({
    checksBody: true,
    run: async ({ auth, params, body, event }) => {
      const { id } = params;
      await ownProfile(auth, id);
      const input = validate(deviceProfileUpdateInputSchema, body);
      if (input.codec) await spendCodecRun(auth);
      await assertCodecCompiles(input.codec);
      const saved = await writeExpecting(
        expectationOf(event, input.version),
        () => ownProfile(auth, id),
        (current) => saveDeviceProfile(auth.tenant, current, input),
      );
      return toApiDeviceProfile(saved);
    },
  }),
  'deviceProfiles.delete': route({
    run: async ({ auth, params, event }) => {
      const { id } = params;
      await writeExpecting(
        expectationOf(event),
        () => ownProfile(auth, id),
        async (current) => {
          if ((current.deviceCount ?? 0) > 0) throw conflict(DEVICE_PROFILE_IN_USE);
          await deleteDeviceProfile(auth.tenant, current);
        },
      );
      return reply(204);
    },
  }),
  'deviceProfiles.test': route({
    checksBody: true,
    run: async ({ auth, body }) => {
      await spendCodecRun(auth);
      return testCodec(validate(deviceProfileTestInputSchema, body));
    },
  }),
});
