import { encodeTrackerPayload } from '../../functions/lib/pipeline/decoders';
import { fromChirpstackUplink } from '../../functions/lib/pipeline/ways-in/chirpstack';
import { fromNetworkDecoded } from '../../functions/lib/pipeline/ways-in/network-decoded';
import { fromTtsUplink } from '../../functions/lib/pipeline/ways-in/tts';
import { CHIRPSTACK_UP_SAMPLE, LGT92_DECODED, TTS_UPLINK_SAMPLE } from '../../scripts/simulate/network-samples';

/** The TTS and ChirpStack readers on the networks' published samples (sources in network-samples.ts). */
const RECEIVED = '2026-01-01T00:00:00.000Z';
const trackerHex = encodeTrackerPayload({ eventType: 'moving' });
const trackerBase64 = Buffer.from(trackerHex, 'hex').toString('base64');

describe('fromTtsUplink', () => {
  it('reads the published sample: DevEUI, time, counter, gateways, the user location as a network fix', () => {
    const result = fromTtsUplink(TTS_UPLINK_SAMPLE, RECEIVED);
    expect(result).toEqual({
      ok: true,
      uplinks: [
        {
          devEui: '0004A30B001C0530',
          source: 'tts',
          measuredAt: '2020-02-12T15:15:45.789Z',
          receivedAt: RECEIVED,
          frameCounter: 1,
          // The sample's formatter decoded temperature and luminosity: no field we read, and the bytes are not ours.
          decoded: {},
          networkFix: { latitude: 37.97155556731436, longitude: 23.72678801175413, source: 'network' },
          gateways: [{ id: '9C5C8E00001A05C4', rssi: -35, snr: 5 }],
        },
      ],
    });
  });

  it('decodes frm_payload as tracker-v1 when TTS did not decode', () => {
    const { decoded_payload: _d, ...up } = TTS_UPLINK_SAMPLE.uplink_message;
    const result = fromTtsUplink(
      { ...TTS_UPLINK_SAMPLE, uplink_message: { ...up, frm_payload: trackerBase64 } },
      RECEIVED,
    );
    expect(result.ok && result.uplinks[0]).toMatchObject({ payloadFormat: 'tracker-v1', payloadHex: trackerHex });
  });

  it('prefers the frm-payload location as the tag’s own fix', () => {
    const locations = { user: { latitude: 1, longitude: 2 }, 'frm-payload': { latitude: 52.1, longitude: 5.1 } };
    const body = { ...TTS_UPLINK_SAMPLE, uplink_message: { ...TTS_UPLINK_SAMPLE.uplink_message, locations } };
    const result = fromTtsUplink(body, RECEIVED);
    expect(result.ok && result.uplinks[0]?.networkFix).toEqual({ latitude: 52.1, longitude: 5.1, source: 'gnss' });
  });

  it('refuses a DevEUI that is not hex, bytes that are not base64 and a message with neither payload', () => {
    const ids = { ...TTS_UPLINK_SAMPLE.end_device_ids, dev_eui: 'not-a-eui' };
    expect(fromTtsUplink({ ...TTS_UPLINK_SAMPLE, end_device_ids: ids }, RECEIVED)).toEqual({
      ok: false,
      reason: 'dev_eui "not-a-eui" is not hexadecimal',
    });
    const { decoded_payload: _d, frm_payload: _f, ...bare } = TTS_UPLINK_SAMPLE.uplink_message;
    expect(fromTtsUplink({ ...TTS_UPLINK_SAMPLE, uplink_message: { ...bare, frm_payload: '***' } }, RECEIVED)).toEqual({
      ok: false,
      reason: 'frm_payload is not base64',
    });
    expect(fromTtsUplink({ ...TTS_UPLINK_SAMPLE, uplink_message: bare }, RECEIVED)).toEqual({
      ok: false,
      reason: 'Neither frm_payload nor decoded_payload',
    });
  });
});

describe('fromChirpstackUplink', () => {
  it('reads the published up sample: lower-case DevEUI, time, port, bytes and gateways', () => {
    const result = fromChirpstackUplink({ ...CHIRPSTACK_UP_SAMPLE, data: trackerBase64 }, RECEIVED);
    expect(result).toEqual({
      ok: true,
      uplinks: [
        {
          devEui: '0101010101010101',
          source: 'chirpstack',
          measuredAt: '2022-07-18T09:34:15.775Z',
          receivedAt: RECEIVED,
          fPort: 1,
          payloadFormat: 'tracker-v1',
          payloadHex: trackerHex,
          gateways: [{ id: '0016c001f153a14c', rssi: -36, snr: 10.5 }],
        },
      ],
    });
  });

  it("takes a codec's object instead of the bytes", () => {
    const result = fromChirpstackUplink({ ...CHIRPSTACK_UP_SAMPLE, object: LGT92_DECODED }, RECEIVED);
    expect(result.ok && result.uplinks[0]).toMatchObject({
      decoded: { fix: { latitude: 22.70626, longitude: 114.24252, source: 'gnss' }, batteryVoltage: 3.36 },
    });
    expect(result.ok && result.uplinks[0]?.payloadHex).toBeUndefined();
  });
});

describe('fromNetworkDecoded', () => {
  it('reads the common names, a nested position, and leaves out a battery that is not volts', () => {
    expect(fromNetworkDecoded({ lat: 1.5, lon: '2.5', hacc: 12, battery: 87 })).toEqual({
      fix: { latitude: 1.5, longitude: 2.5, accuracy: 12, source: 'gnss' },
    });
    expect(fromNetworkDecoded({ position: { latitude: 3, longitude: 4 }, batV: 3.6 })).toEqual({
      fix: { latitude: 3, longitude: 4, source: 'gnss' },
      batteryVoltage: 3.6,
    });
    expect(fromNetworkDecoded(undefined)).toBeUndefined();
    expect(fromNetworkDecoded([1, 2])).toBeUndefined();
  });
});
