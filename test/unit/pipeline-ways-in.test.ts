import fc from 'fast-check';
import { MQTT_UPLINK_RULE_SQL, mqttRuleEvent, topicLevel } from '../../functions/lib/pipeline/topics';
import {
  fromKpnSenml,
  fromLorawanUplink,
  fromMqttJson,
  fromMqttRuleEvent,
  readKpnSenml,
  toDevEui,
} from '../../functions/lib/pipeline/ways-in';
import {
  EXAMPLE_MQTT_TOPIC,
  EXAMPLE_RECEIVED_AT,
  WAY_IN_EXAMPLES,
  type WayIn,
} from '../../functions/lib/pipeline/ways-in/examples';
import { WAY_IN_REJECTIONS } from '../../functions/lib/pipeline/ways-in/rejection-examples';

type Reader = (body: unknown, receivedAt: string, topic?: string) => ReturnType<typeof fromMqttJson>;
const READERS: Record<WayIn, Reader> = {
  lorawan: fromLorawanUplink,
  kpn: fromKpnSenml,
  // topic(2), as the rule's SQL hands it over.
  mqtt: (body, receivedAt, topic = EXAMPLE_MQTT_TOPIC) => fromMqttJson(body, receivedAt, topicLevel(topic, 2)),
};

describe('the bodies of docs/device-payloads.md', () => {
  it.each(WAY_IN_EXAMPLES)('$title', ({ wayIn, body, topic, uplinks }) => {
    expect(READERS[wayIn](body, EXAMPLE_RECEIVED_AT, topic)).toEqual({ ok: true, uplinks });
  });

  it.each(WAY_IN_REJECTIONS)('$title: refused', ({ wayIn, body, topic, reason }) => {
    const result = READERS[wayIn](body, EXAMPLE_RECEIVED_AT, topic);
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

describe('the MQTT uplink rule’s event', () => {
  const topic = 'tracking/a4-11-63-c2-12-34-56-78/uplink';
  const message = { devEui: 'A41163C212345678', time: '2026-11-23T10:00:00Z', eventType: 'still' };
  const event = (body: unknown, on = topic) => mqttRuleEvent(on, Buffer.from(JSON.stringify(body)));

  it('hands the ingest the bytes as published and topic(2), which the rule SQL names', () => {
    expect(MQTT_UPLINK_RULE_SQL).toBe(
      "SELECT encode(*, 'base64') AS payload, topic(2) AS topicDevEui FROM 'tracking/+/uplink'",
    );
    expect(event(message)).toEqual({
      payload: Buffer.from(JSON.stringify(message)).toString('base64'),
      topicDevEui: 'a4-11-63-c2-12-34-56-78',
    });
    const reading = fromMqttRuleEvent(event(message), EXAMPLE_RECEIVED_AT);
    expect(reading.topicDevEui).toBe('A41163C212345678');
    expect(reading.raw).toBe(JSON.stringify(message));
    expect(reading.result).toMatchObject({ ok: true, uplinks: [{ devEui: 'A41163C212345678', source: 'mqtt' }] });
  });

  it('refuses a body naming another tag, several tags, or its own topic key, recorded under the topic’s tag', () => {
    const other = { ...message, devEui: '0004A30B001C0530' };
    for (const body of [other, [message, other], { ...message, topicDevEui: '0004A30B001C0530' }]) {
      const reading = fromMqttRuleEvent(event(body), EXAMPLE_RECEIVED_AT);
      expect(reading.result.ok).toBe(false);
      expect(reading.topicDevEui).toBe('A41163C212345678');
    }
  });

  it('refuses what is not JSON and what is not the rule’s event', () => {
    const text = fromMqttRuleEvent(mqttRuleEvent(topic, Buffer.from('hello')), EXAMPLE_RECEIVED_AT);
    expect(text).toMatchObject({ result: { ok: false, reason: 'The message is not JSON' }, raw: 'hello' });
    expect(fromMqttRuleEvent(message, EXAMPLE_RECEIVED_AT)).toMatchObject({
      result: { ok: false, reason: 'Not the MQTT uplink rule event' },
      topicDevEui: null,
    });
  });
});
