import { bytesOf, type Uplink } from './bodies';

/**
 * The published sample messages of the two network servers, kept as published; the builders below change only
 * what ties a sample to one tag and one moment (DevEUI, times, frame counter) and, where our tracker's bytes are
 * wanted, the payload.
 */

/**
 * "Uplink message example", The Things Stack docs, Integrations > Data Formats
 * (TheThingsIndustries/lorawan-stack-docs doc/content/integrations/data-formats/_index.md). It has no f_port:
 * TTS omits zero values, and the example shows that a reader must not require one.
 */
export const TTS_UPLINK_SAMPLE = {
  end_device_ids: {
    device_id: 'dev1',
    application_ids: { application_id: 'app1' },
    dev_eui: '0004A30B001C0530',
    join_eui: '800000000000000C',
    dev_addr: '00BCB929',
  },
  correlation_ids: [
    'as:up:01E0WZGT6Y7657CPFPE5WEYDSQ',
    'gs:conn:01E0WDEC6T5T4XXBAX7S1VMFKE',
    'gs:uplink:01E0WZGSZWT07NE5TS2APTV1Z9',
    'ns:uplink:01E0WZGSZXZXZS8RFAWZX0F2FY',
    'rpc:/ttn.lorawan.v3.GsNs/HandleUplink:01E0WZGSZXGE1KS577PFBWRJEE',
  ],
  received_at: '2020-02-12T15:15:46.014773143Z',
  uplink_message: {
    session_key_id: 'AXA50tHUGUucuzS/bCGMNw==',
    f_cnt: 1,
    frm_payload: 'gkHe',
    decoded_payload: { temperature: 1.0, luminosity: 0.64 },
    rx_metadata: [
      {
        gateway_ids: { gateway_id: 'gtw1', eui: '9C5C8E00001A05C4' },
        time: '2020-02-12T15:15:45.787Z',
        timestamp: 2463457000,
        rssi: -35,
        channel_rssi: -35,
        snr: 5,
        uplink_token: 'ChIKEAoEZ3R3MRIInFyOAAAaBcQQ6L3Vlgk=',
        channel_index: 2,
      },
    ],
    settings: {
      data_rate: { lora: { bandwidth: 125000, spreading_factor: 7 } },
      data_rate_index: 5,
      coding_rate: '4/6',
      frequency: '868300000',
      timestamp: 2463457000,
      time: '2020-02-12T15:15:45.787Z',
    },
    consumed_airtime: '0.056576s',
    locations: {
      user: { latitude: 37.97155556731436, longitude: 23.72678801175413, altitude: 10, source: 'SOURCE_REGISTRY' },
    },
    received_at: '2020-02-12T15:15:45.789585559Z',
  },
};

/** "`up` - Uplink event" JSON example, chirpstack-docs src/chirpstack/integrations/events.md (no fCnt: zero). */
export const CHIRPSTACK_UP_SAMPLE = {
  deduplicationId: '3ac7e3c4-4401-4b8d-9386-a5c902f9202d',
  time: '2022-07-18T09:34:15.775023242+00:00',
  deviceInfo: {
    tenantId: '52f14cd4-c6f1-4fbd-8f87-4025e1d49242',
    tenantName: 'ChirpStack',
    applicationId: '17c82e96-be03-4f38-aef3-f83d48582d97',
    applicationName: 'Test application',
    deviceProfileId: '14855bf7-d10d-4aee-b618-ebfcb64dc7ad',
    deviceProfileName: 'Test device-profile',
    deviceName: 'Test device',
    devEui: '0101010101010101',
    tags: { key: 'value' },
  },
  devAddr: '00189440',
  dr: 1,
  fPort: 1,
  data: 'qg==',
  rxInfo: [
    {
      gatewayId: '0016c001f153a14c',
      uplinkId: 4217106255,
      rssi: -36,
      snr: 10.5,
      context: 'E3OWOQ==',
      metadata: { region_name: 'eu868', region_common_name: 'EU868' },
    },
  ],
  txInfo: {
    frequency: 867100000,
    modulation: { lora: { bandwidth: 125000, spreadingFactor: 11, codeRate: 'CR_4_5' } },
  },
};

/** "`join` - Device join event" JSON example, same page: acknowledged and ignored. */
export const CHIRPSTACK_JOIN_SAMPLE = {
  deduplicationId: 'c9dbe358-2578-4fb7-b295-66b44edc45a6',
  time: '2022-07-18T09:33:28.823500726+00:00',
  deviceInfo: { ...CHIRPSTACK_UP_SAMPLE.deviceInfo },
  devAddr: '00189440',
};

/**
 * A decoded object as a network codec answers it: the output of the Dragino LGT-92 codec's example
 * (TheThingsNetwork/lorawan-devices vendor/dragino/lgt92-codec.yaml, integrations-2.md s.1).
 */
export const LGT92_DECODED = { latitude: 22.70626, longitude: 114.24252, BatV: 3.36 };

const base64Of = (uplink: Uplink) => Buffer.from(bytesOf(uplink).hex, 'hex').toString('base64');

/**
 * The TTS sample for a tag at a moment. `decoded: 'sample'` keeps the sample's own decoded_payload (no known
 * field, so its `locations.user` is the position); otherwise our tracker bytes go in frm_payload and the
 * decoded_payload is left out, as TTS sends it without a payload formatter.
 */
export function ttsBody(uplink: Uplink, decoded: 'sample' | 'none' = 'none') {
  const { decoded_payload, ...message } = TTS_UPLINK_SAMPLE.uplink_message;
  const at = uplink.at.toISOString();
  return {
    ...TTS_UPLINK_SAMPLE,
    end_device_ids: { ...TTS_UPLINK_SAMPLE.end_device_ids, dev_eui: uplink.devEui },
    received_at: at,
    uplink_message: {
      ...message,
      f_cnt: uplink.frameCounter ?? 1,
      received_at: at,
      ...(decoded === 'sample'
        ? { decoded_payload }
        : { f_port: bytesOf(uplink).fPort, frm_payload: base64Of(uplink) }),
      ...(decoded === 'sample' ? {} : { locations: undefined }),
    },
  };
}

/** The ChirpStack sample for a tag at a moment: our tracker bytes in `data`, or a codec's `object`. */
export function chirpstackBody(uplink: Uplink, object?: Record<string, unknown>) {
  return {
    ...CHIRPSTACK_UP_SAMPLE,
    time: uplink.at.toISOString(),
    deviceInfo: { ...CHIRPSTACK_UP_SAMPLE.deviceInfo, devEui: uplink.devEui.toLowerCase() },
    ...(uplink.frameCounter === undefined ? {} : { fCnt: uplink.frameCounter }),
    ...(object ? { object } : { data: base64Of(uplink), fPort: bytesOf(uplink).fPort }),
  };
}
