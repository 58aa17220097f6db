import { devicePayload, formFieldOf, toDeviceQuery } from '../../web/src/devices/deviceParams';

/** The devices screen's mappings: URL state to API query, 422 paths to form fields, the saved body. */
describe('devices screen mappings', () => {
  it('sends search, filters and sort as the API names them', () => {
    expect(
      toDeviceQuery({
        search: 'tag',
        filters: { id: '12', logicalId: '5012', hasAsset: 'false' },
        sort: { field: 'asset.name', direction: 'desc' },
      }),
    ).toEqual({ search: 'tag', id: '12', logicalId: '5012', 'asset[exists]': 'false', 'order[asset.name]': 'desc' });
  });

  it('leaves out what is not set, and an asset filter that is neither yes nor no', () => {
    const query = toDeviceQuery({ search: '', filters: { hasAsset: 'maybe' } });
    expect(Object.entries(query).filter(([, value]) => value !== undefined)).toEqual([]);
    expect(toDeviceQuery({ search: '', filters: { hasAsset: 'true' } })['asset[exists]']).toBe('true');
  });

  it('sends the battery and sabotage filters as the API names them, only as yes or no', () => {
    const query = toDeviceQuery({
      search: '',
      filters: { batteryLow: 'true', sabotaged: 'false', connectivity: 'silent' },
    });
    expect(query).toMatchObject({ batteryLevelLow: 'true', sabotaged: 'false', connectivity: 'silent' });
    expect(toDeviceQuery({ search: '', filters: { batteryLow: 'yes', sabotaged: '' } })).toMatchObject({
      batteryLevelLow: undefined,
      sabotaged: undefined,
    });
  });

  it("puts a violation on the form's field, whatever the spelling of its path", () => {
    expect(formFieldOf('dev_eui')).toBe('dev_eui');
    expect(formFieldOf('devEui')).toBe('dev_eui');
    expect(formFieldOf('activationDate')).toBe('activation_date');
    expect(formFieldOf('device_profiles[1]')).toBe('device_profiles');
    expect(formFieldOf('asset.id')).toBe('asset');
  });

  it('never sends DEVEUI or barcode on an update, and profiles only when the form shows them', () => {
    const values = { name: 'Tag', dev_eui: '0004A30B00C31E55', barcode: 'KPN1', device_profiles: [1], version: 3 };
    expect(devicePayload(values, true, true)).toEqual(values);
    expect(devicePayload(values, false, true)).toEqual({ name: 'Tag', device_profiles: [1], version: 3 });
    expect(devicePayload(values, false, false)).toEqual({ name: 'Tag', version: 3 });
  });
});
