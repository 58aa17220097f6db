/**
 * Codecs the tests write in the LoRaWAN Device Repository convention: several byte layouts and the
 * misbehaving ones the sandbox must contain. The demo layout is scripts/seed/demo-codec.ts.
 */

/** "Parcelbeacon P1": fPort 5, lat/lon float32 little-endian in a nested object, battery percent, tamper flag. */
export const PERCENT_CODEC = `function decodeUplink(input) {
  var b = input.bytes;
  if (b.length < 10) return { errors: ['too short'] };
  var view = new DataView(new Uint8Array(b).buffer);
  return {
    data: {
      location: { latitude: view.getFloat32(0, true), longitude: view.getFloat32(4, true) },
      battery_level: b[8],
      sabotage: b[9] === 1,
      event: input.fPort === 6 ? 'motion_start' : 'periodic'
    }
  };
}`;

export function encodePercentPayload(latitude: number, longitude: number, percent: number, sabotage = false) {
  const bytes = Buffer.alloc(10);
  bytes.writeFloatLE(latitude, 0);
  bytes.writeFloatLE(longitude, 4);
  bytes[8] = percent;
  bytes[9] = sabotage ? 1 : 0;
  return bytes.toString('hex').toUpperCase();
}

/** "Oddname O3": names no common mapping knows, so the profile names paths: pos.y / pos.x, power.cell_mv. */
export const ODD_NAMES_CODEC = `function decodeUplink(input) {
  var b = input.bytes;
  var y = ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) / 1e6;
  var x = ((b[4] << 24) | (b[5] << 16) | (b[6] << 8) | b[7]) / 1e6;
  return { data: { pos: { y: y, x: x }, power: { cell_mv: (b[8] << 8) | b[9] } } };
}`;
export const ODD_NAMES_PATHS = { latitude: 'pos.y', longitude: 'pos.x', battery_voltage: 'power.cell_mv' };

export const THROWING_CODEC = 'function decodeUplink(input) { throw new Error("bad byte " + input.bytes[0]); }';
export const LOOPING_CODEC = 'function decodeUplink(input) { while (true) {} }';
export const ALLOCATING_CODEC = 'function decodeUplink(input) { var a = []; while (true) { a.push(a.length); } }';
/** Megabyte operations between the engine's deadline checks: stopped by the memory limit, seconds late. */
export const BIG_ALLOCATING_CODEC =
  'function decodeUplink(input) { var a = []; while (true) { a.push(new Array(1e5).fill(1)); } }';
export const HUGE_OUTPUT_CODEC = 'function decodeUplink(input) { return { data: { text: "x".repeat(20000) } }; }';
export const DEEP_CODEC = 'function r(n) { return r(n + 1) + 1; } function decodeUplink() { return r(0); }';
export const ERRORS_CODEC =
  'function decodeUplink(input) { return { data: { a: 1 }, errors: ["checksum mismatch"], warnings: ["w"] }; }';
/**
 * Replaces JSON.stringify, through which the host once read every answer: with text that is no JSON, with no
 * text at all, and on a getter the host's reading would run. The GT-2 layout decoded as the demo codec does.
 */
export const STRINGIFY_REPLACING_CODEC = (decoder: string) => `JSON.stringify = function () { return '{'; };
${decoder}`;
export const STRINGIFY_OBJECT_CODEC =
  'JSON.stringify = function () { return { length: 1, toString: function () { return "{"; } }; };\n' +
  'function decodeUplink(input) { return { data: { a: 1 } }; }';
/** Reaches for what a Node sandbox would leak: it must see nothing of the host. */
export const ESCAPE_CODEC = `function decodeUplink(input) {
  var seen = {
    require: typeof require, process: typeof process, module: typeof module, Buffer: typeof Buffer,
    fetch: typeof fetch, setTimeout: typeof setTimeout, std: typeof std, os: typeof os,
    ctorProcess: (function () { try { return typeof (function(){}).constructor('return process')(); } catch (e) { return 'threw'; } })(),
    globals: Object.getOwnPropertyNames(globalThis).filter(function (n) { return /require|process|import|fs|net/i.test(n); })
  };
  return { data: seen };
}`;

/** `decoder`, after a busy wait of `ms` on every run: a codec that uses most of its deadline and still answers. */
export const BUSY_CODEC = (ms: number, decoder: string) => `${decoder}
var decodeInTime = decodeUplink;
decodeUplink = function (input) {
  var until = Date.now() + ${ms};
  while (Date.now() < until) {}
  return decodeInTime(input);
};`;

/**
 * `decoder`, with the count of runs its runtime has made as a warning ("run 3"): a codec compiled afresh counts
 * from 1 again, so the events tell whether the processor kept it compiled.
 */
export const RUN_COUNTING_CODEC = (decoder: string) => `${decoder}
var decodeCounted = decodeUplink;
var runs = 0;
decodeUplink = function (input) {
  runs += 1;
  var answer = decodeCounted(input);
  answer.warnings = (answer.warnings || []).concat(['run ' + runs]);
  return answer;
};`;
