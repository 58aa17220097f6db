import type { AttributeValue } from '@aws-sdk/client-dynamodb';

/**
 * DynamoDB's item size, by its documented rules ("Item sizes and formats", Developer Guide): the sum of each
 * attribute's name and value, where
 *  - names and strings count their UTF-8 bytes (not JavaScript's UTF-16 length: "é" is 2 bytes, "漢" 3);
 *  - a number counts 1 byte per two significant digits plus 1 (plus 1 for a negative sign, to stay above it);
 *  - binary counts its raw bytes; a boolean or null 1 byte; a set the sum of its members;
 *  - a list or map 3 bytes plus, per element, 1 byte and its value (a map element also its name's bytes).
 * The limit is 400 KB = 409,600 bytes. Where the documented rule is approximate (numbers) we round up, so this
 * never says an item fits that AWS would refuse.
 */
export const DYNAMODB_ITEM_MAX_BYTES = 400 * 1024;

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

function numberSize(text: string): number {
  const digits = text.replace(/^[-+]/, '').replace(/e.*$/i, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1 + (text.startsWith('-') ? 1 : 0);
}

/** The size of one value (without its attribute name). */
export function valueSize(value: AttributeValue): number {
  if (value.S !== undefined) return utf8(value.S);
  if (value.N !== undefined) return numberSize(value.N);
  if (value.B !== undefined) return binarySize(value.B);
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS) return value.SS.reduce((sum, s) => sum + utf8(s), 0);
  if (value.NS) return value.NS.reduce((sum, n) => sum + numberSize(n), 0);
  if (value.BS) return value.BS.reduce((sum, b) => sum + binarySize(b), 0);
  if (value.L) return 3 + value.L.reduce((sum, element) => sum + 1 + valueSize(element), 0);
  if (value.M) return 3 + Object.entries(value.M).reduce((sum, [name, v]) => sum + 1 + utf8(name) + valueSize(v), 0);
  return 0;
}

/** Binary arrives base64-encoded on the wire (a string) and as bytes from the SDK. */
const binarySize = (value: Uint8Array | string) =>
  typeof value === 'string' ? Buffer.from(value, 'base64').length : value.length;

/** The size of a whole item in DynamoDB's wire shape (`{ name: { S: '...' } }`). */
export const itemSize = (item: Record<string, AttributeValue>): number =>
  Object.entries(item).reduce((sum, [name, value]) => sum + utf8(name) + valueSize(value), 0);
