import { call, tokenOf } from '../harness/api';

/** Asset profiles (spec 000 /asset-profiles, the asset's profile block, s.3, s.5, s.7). */
interface Entry {
  name: string;
  type: string;
  value: unknown[];
}
interface Definition {
  id: number;
  name: string;
  type: string;
  definitions: Entry[];
  version: number;
}
interface ProfileValue {
  name: string;
  value: unknown;
}
interface Profile {
  id: number;
  name: string;
  type: string;
  data: ProfileValue[];
  version: number;
}
interface Asset {
  id: number;
  asset_profile_relations: string[];
  asset_profile_definitions: { id: number; name: string }[];
  version: number;
}
interface Collection<T> {
  'hydra:member': T[];
  'hydra:totalItems': number;
}
interface Violations {
  violations: { propertyPath: string; message: string }[];
}

const messagesOf = (body: unknown) => (body as Violations).violations.map((v) => v.message);
const pathsOf = (body: unknown) => (body as Violations).violations.map((v) => v.propertyPath);
const valueIn = (profile: Profile, name: string) => profile.data.find((d) => d.name === name)?.value;

async function definitions(login = 'admin') {
  const response = await call<Collection<Definition>>('GET', '/api/asset-profile-definitions', {
    token: await tokenOf(login),
  });
  expect(response.status).toBe(200);
  return response.body['hydra:member'];
}

async function cableReelDefinition() {
  const found = (await definitions()).find((d) => d.name === 'Kabelhaspels');
  if (!found) throw new Error('seeded definition missing');
  return found;
}

const putDefinition = async (definition: Definition, login = 'admin') =>
  call<Definition>('PUT', `/api/asset-profile-definitions/${definition.id}`, {
    token: await tokenOf(login),
    body: {
      name: definition.name,
      type: definition.type,
      definitions: definition.definitions,
      version: definition.version,
    },
  });

/** A demo asset with a cable reel profile whose id is beyond what the smaller acme tenant has. */
async function assetWithProfile(): Promise<{ asset: Asset; profileUri: string }> {
  const admin = await tokenOf('admin');
  for (let id = 120; id < 200; id++) {
    const asset = await call<Asset>('GET', `/api/assets/${id}`, { token: admin });
    const uri = asset.body.asset_profile_relations?.[0];
    if (asset.status === 200 && uri && Number(uri.split('/').pop()) > 100)
      return { asset: asset.body, profileUri: uri };
  }
  throw new Error('no seeded asset with a profile');
}

describe('asset profile definitions', () => {
  it('lists the seeded definition with its catalogues and a sorted length list', async () => {
    const definition = await cableReelDefinition();
    expect(definition.type).toBe('cable_reel');
    expect(definition.definitions.map((e) => e.name)).toEqual(['cable_reels', 'cables', 'cable_length']);
    const lengths = definition.definitions[2]?.value as number[];
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    expect(await definitions('user')).toHaveLength(1);
    expect((await call('GET', '/api/asset-profile-definitions')).status).toBe(401);
  });

  it('refuses the form mistakes with the spec messages', async () => {
    const definition = await cableReelDefinition();
    const broken = {
      ...definition,
      definitions: [
        { name: 'cable_reels', type: 'cable_reels', value: [{ name: '', data: { width: '', diameterMin: null } }] },
        { name: 'cables', type: 'cables', value: [{ name: ' ', data: { description: '', diameter: null } }] },
      ],
    };
    const response = await putDefinition(broken);
    expect(response.status).toBe(422);
    const messages = messagesOf(response.body);
    expect(messages).toEqual(expect.arrayContaining(['The name is required', 'Width is required']));
    expect(messages.filter((m) => m === 'The diameter is required')).toHaveLength(2);
    expect(messages.filter((m) => m === 'The name is required')).toHaveLength(3);
  });

  it('saves a cable type and the editable lists without empty items, sorted; a stale version is 409', async () => {
    const original = await cableReelDefinition();
    const cables = original.definitions[1] as Entry;
    const changed = {
      ...original,
      definitions: [
        original.definitions[0] as Entry,
        { ...cables, value: [...cables.value, { name: 'Test kabel', data: { description: 'Proef', diameter: 12.5 } }] },
        { name: 'cable_length', type: 'number[]', value: [500, '', 100, null, 250] },
        { name: 'colours', type: 'string[]', value: ['rood', '', 'blauw'] },
      ],
    };
    const saved = await putDefinition(changed);
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(original.version + 1);
    expect(saved.body.definitions[2]?.value).toEqual([100, 250, 500]);
    expect(saved.body.definitions[3]?.value).toEqual(['blauw', 'rood']);
    const added = ((saved.body.definitions[1] as Entry).value as { id: number; name: string }[]).at(-1);
    expect(added?.name).toBe('Test kabel');
    expect(added?.id).toBeGreaterThan(0);

    expect((await putDefinition(changed)).status).toBe(409);
    const restored = await putDefinition({ ...original, version: saved.body.version });
    expect(restored.status).toBe(200);
  });

  it('lets only ASSET_PROFILE_EDIT save and keeps tenants apart', async () => {
    const definition = await cableReelDefinition();
    for (const login of ['user', 'manager', 'client', 'transporter']) {
      expect((await putDefinition(definition, login)).status).toBe(403);
    }
    for (const login of ['client', 'transporter']) {
      const response = await call('GET', '/api/asset-profile-definitions', { token: await tokenOf(login) });
      expect(response.status).toBe(403);
    }
    const acme = await definitions('acme-admin');
    expect(acme.every((d) => !JSON.stringify(d).includes('Test kabel'))).toBe(true);
    expect(
      (await call('PUT', '/api/asset-profile-definitions/999', { token: await tokenOf('admin'), body: definition }))
        .status,
    ).toBe(404);
  });
});

describe('the profile of an asset', () => {
  it('saves the values, keeps the asset cable_length sort in step, refuses unknown entries', async () => {
    const admin = await tokenOf('admin');
    const { asset, profileUri } = await assetWithProfile();
    const before = (await call<Profile>('GET', profileUri, { token: admin })).body;
    expect(before.type).toBe('cable_reel');

    const unknown = await call('PUT', profileUri, {
      token: admin,
      body: {
        version: before.version,
        data: [
          { name: 'cable_reel', value: 999 },
          { name: 'cable', value: 998 },
        ],
      },
    });
    expect(unknown.status).toBe(422);
    expect(pathsOf(unknown.body)).toEqual(['cable_reel', 'cable']);

    const longest = await call('PUT', profileUri, {
      token: admin,
      body: { version: before.version, data: [{ name: 'cable_length', value: '99999' }] },
    });
    expect(longest.status).toBe(200);
    const sorted = await call<Collection<Asset>>('GET', '/api/assets?order[cable_length]=desc&itemsPerPage=3', {
      token: admin,
    });
    expect(sorted.body['hydra:member'][0]?.id).toBe(asset.id);
    const afterAsset = await call<Asset>('GET', `/api/assets/${asset.id}`, { token: admin });
    expect(afterAsset.body.version).toBe(asset.version + 1);

    const text = await call<Profile>('PUT', profileUri, {
      token: admin,
      body: { version: before.version + 1, data: [{ name: 'cable_length', value: 'ongeveer 40' }] },
    });
    expect(text.status).toBe(200);
    expect(valueIn(text.body, 'cable_length')).toBe('ongeveer 40');
    const resorted = await call<Collection<Asset>>('GET', '/api/assets?order[cable_length]=desc&itemsPerPage=3', {
      token: admin,
    });
    expect(resorted.body['hydra:member'][0]?.id).not.toBe(asset.id);
    expect((await call('PUT', profileUri, { token: admin, body: { version: before.version, data: [] } })).status).toBe(
      409,
    );

    const restored = await call<Profile>('PUT', profileUri, {
      token: admin,
      body: { version: before.version + 2, data: before.data, reset_residual_length: true },
    });
    expect(restored.status).toBe(200);
    expect(valueIn(restored.body, 'residual_length')).toBe(valueIn(before, 'cable_length'));
    // The list's profile column reads the asset's copy: the cable's description and the new residual length.
    const listed = await call<Asset & { cable_summary: { cable: string | null; residual_length: number | null } }>(
      'GET',
      `/api/assets/${asset.id}`,
      { token: admin },
    );
    expect(listed.body.cable_summary).toEqual({
      cable: expect.stringMatching(/\S/),
      residual_length: valueIn(before, 'cable_length'),
    });
    const noCable = await call('PUT', profileUri, {
      token: admin,
      body: { version: before.version + 3, data: [{ name: 'cable', value: null }] },
    });
    expect(noCable.status).toBe(200);
    const withoutCable = await call<Asset & { cable_summary: unknown }>('GET', `/api/assets/${asset.id}`, {
      token: admin,
    });
    expect(withoutCable.body.cable_summary).toEqual({ cable: null, residual_length: valueIn(before, 'cable_length') });
  });

  it('keeps residual length unless reset with CABLE_REEL_RESET; clients only read', async () => {
    const { profileUri } = await assetWithProfile();
    const current = (await call<Profile>('GET', profileUri, { token: await tokenOf('admin') })).body;
    const user = await tokenOf('user');
    const typed = await call<Profile>('PUT', profileUri, {
      token: user,
      body: { version: current.version, data: [{ name: 'residual_length', value: 1 }] },
    });
    expect(typed.status).toBe(200);
    expect(valueIn(typed.body, 'residual_length')).toBe(valueIn(current, 'residual_length'));
    const reset = { version: typed.body.version, data: [], reset_residual_length: true };
    expect((await call('PUT', profileUri, { token: user, body: reset })).status).toBe(403);
    expect((await call('PUT', profileUri, { token: await tokenOf('client'), body: reset })).status).toBe(403);
    expect((await call('GET', profileUri, { token: await tokenOf('acme-admin') })).status).toBe(404);
    expect((await call('PUT', profileUri, { token: await tokenOf('acme-admin'), body: reset })).status).toBe(404);
  });

  it('assigns definitions to an asset with POST /api/assets/{id}/asset-profiles', async () => {
    const admin = await tokenOf('admin');
    const created = await call<Asset>('POST', '/api/assets', { token: admin, body: { name: 'Profiel test' } });
    expect(created.status).toBe(201);
    const path = `/api/assets/${created.body.id}/asset-profiles`;
    const unknown = await call('POST', path, { token: admin, body: { asset_profile_definitions: [999] } });
    expect(unknown.status).toBe(422);
    const assigned = await call<Asset>('POST', path, { token: admin, body: { asset_profile_definitions: [1] } });
    expect(assigned.status).toBe(200);
    expect(assigned.body.asset_profile_definitions.map((d) => d.name)).toEqual(['Kabelhaspels']);
    const uri = assigned.body.asset_profile_relations[0] as string;
    const profile = await call<Profile>('GET', uri, { token: admin });
    expect(profile.body.data.map((d) => d.value)).toEqual([null, null, null, null]);
    expect(
      (await call('POST', path, { token: await tokenOf('client'), body: { asset_profile_definitions: [1] } })).status,
    ).toBe(403);
    const cleared = await call<Asset>('POST', path, { token: admin, body: { asset_profile_definitions: [] } });
    expect(cleared.body.asset_profile_relations).toEqual([]);
    expect((await call('GET', uri, { token: admin })).status).toBe(404);
    await call('DELETE', `/api/assets/${created.body.id}`, { token: admin });
  });

  it('saves the asset form’s profile choice with the asset, in one write', async () => {
    const admin = await tokenOf('admin');
    const unknown = await call('POST', '/api/assets', {
      token: admin,
      body: { name: 'Profiel form onbekend', asset_profile_definitions: [999] },
    });
    expect(unknown.status).toBe(422);
    const created = await call<Asset>('POST', '/api/assets', {
      token: admin,
      body: { name: 'Profiel form', asset_profile_definitions: [1] },
    });
    expect(created.status).toBe(201);
    expect(created.body.asset_profile_definitions.map((d) => d.name)).toEqual(['Kabelhaspels']);
    const uri = created.body.asset_profile_relations[0] as string;
    expect((await call('GET', uri, { token: admin })).status).toBe(200);

    const path = `/api/assets/${created.body.id}`;
    const refused = await call('PUT', path, {
      token: admin,
      body: { name: 'Profiel form 2', asset_profile_definitions: [999], version: created.body.version },
    });
    expect(refused.status).toBe(422);
    const untouched = await call<Asset & { name: string }>('GET', path, { token: admin });
    expect(untouched.body.name).toBe('Profiel form');
    expect(untouched.body.asset_profile_relations).toEqual([uri]);

    const cleared = await call<Asset>('PUT', path, {
      token: admin,
      body: { name: 'Profiel form', asset_profile_definitions: [], version: created.body.version },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.asset_profile_relations).toEqual([]);
    expect((await call('GET', uri, { token: admin })).status).toBe(404);
    await call('DELETE', path, { token: admin });
  });
});
