export { fromChirpstackUplink } from './chirpstack';
export { fromKpnSenml, type KpnReading, type KpnReadResult, readKpnSenml } from './kpn-senml';
export { fromLorawanUplink } from './lorawan';
export { fromMqttJson, fromMqttRuleEvent } from './mqtt';
export { toDevEui, type WayInResult } from './result';
export { fromTtsUplink, isTtsUplink } from './tts';
