import fc from 'fast-check';
import {
  fromKpnSenml,
  fromLorawanUplink,
  fromMqttJson,
  readKpnSenml,
  toDevEui,
} from '../../functions/lib/pipeline/ways-in';
import {
  EXAMPLE_RECEIVED_AT,
  WAY_IN_EXAMPLES,
  WAY_IN_REJECTIONS,
  type WayIn,
} from '../../functions/lib/pipeline/ways-in/examples';

const READERS: Record<WayIn, (body: unknown, receivedAt: string) => ReturnType<typeof fromMqttJson>> = {
  lorawan: fromLorawanUplink,
  kpn: fromKpnSenml,
  mqtt: fromMqttJson,
};

describe('the bodies of docs/device-payloads.md', () => {
  it.each(WAY_IN_EXAMPLES)('$title', ({ wayIn, body, uplinks }) => {
    expect(READERS[wayIn](body, EXAMPLE_RECEIVED_AT)).toEqual({ ok: true, uplinks });
  });

  it.each(WAY_IN_REJECTIONS)('$title: refused', ({ wayIn, body, reason }) => {
    const result = READERS[wayIn](body, EXAMPLE_RECEIVED_AT);
    expect(result).toEqual({ ok: false, reason: expect.stringContaining(reason) });
  });
});

describe('KPN SenML', () => {
  const bn = 'urn:dev:DEVEUI:A41163C212345678:';

  it('reads records by name whatever their order, the payload time as bt + t', () => {
    const records = [
      { n: 'radius', v: 120 },
      { n: 'payload', vs: '05', t: 30 },
      { bn, bt: 1795428000, n: 'longitude', v: 4.68 },
      { n: 'latitude', v: 51.79 },
      { n: 'locOrigin', vs: 'KPNLORA' },
    ];
    // The base name comes third: records before it have no device, which is fine as long as one names it.
    expect(readKpnSenml(records)).toEqual({
      ok: true,
      value: {
        devEui: 'A41163C212345678',
        measuredAt: '2026-11-23T10:00:30.000Z',
        payloadHex: '05',
        networkFix: { latitude: 51.79, longitude: 4.68, accuracy: 120, source: 'network' },
      },
    });
  });

  it('reads the sabotage and battery-low flags as booleans', () => {
    const records = [
      { bn, bt: 1795428000 },
      { n: 'sabotaged', vb: true },
      { n: 'batteryLow', vb: false },
    ];
    expect(readKpnSenml(records)).toMatchObject({
      ok: true,
      value: { decoded: { sabotaged: true, batteryLow: false } },
    });
  });
});

describe('IoT Core for LoRaWAN', () => {
  it('reads the position solver answer as a network fix', () => {
    const [example] = WAY_IN_EXAMPLES;
    const body = {
      ...(example?.body as object),
      PositionInfo: { Position: [5.12, 52.09, 3], Accuracy: { Horizontal: 35, Vertical: 10 }, SolverType: 'GNSS' },
    };
    const result = fromLorawanUplink(body, EXAMPLE_RECEIVED_AT);
    expect(result).toMatchObject({
      ok: true,
      uplinks: [{ networkFix: { latitude: 52.09, longitude: 5.12, accuracy: 35, source: 'network' } }],
    });
  });

  it('takes the receive time when the Timestamp is missing', () => {
    const body = {
      PayloadData: 'BQ==',
      WirelessMetadata: { LoRaWAN: { DevEui: '0004a30b001c0530', FCnt: 2 } },
    };
    expect(fromLorawanUplink(body, EXAMPLE_RECEIVED_AT)).toMatchObject({
      ok: true,
      uplinks: [{ measuredAt: EXAMPLE_RECEIVED_AT, payloadHex: '05', frameCounter: 2, gateways: [] }],
    });
  });
});

describe('DEVEUI normalisation', () => {
  it.each([
    ['a4:11:63:c2:12:34:56:78', 'A41163C212345678'],
    ['58a0cb000202c99', '058A0CB000202C99'],
    ['A41163C2123456789', null],
    ['not-hex', null],
    ['', null],
  ])('%s -> %s', (input, expected) => {
    expect(toDevEui(input)).toBe(expected);
  });
});

describe('never throws', () => {
  it('on arbitrary JSON through every way in', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        for (const read of Object.values(READERS)) {
          const result = read(json, EXAMPLE_RECEIVED_AT);
          if (!result.ok) expect(result.reason).toEqual(expect.any(String));
        }
      }),
      { seed: 9, numRuns: 2000 },
    );
  });
});
