import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';

/**
 * dynalite signs every answer with its CRC-32 (the x-amz-crc32 header DynamoDB sends) through buffer-crc32, a
 * table lookup per byte in JavaScript: in the request sweep that was the largest single cost of the DynamoDB
 * stand-in's process (7 of its 106 CPU seconds). Node's zlib computes the same checksum natively; the value is
 * unchanged (test/unit/dynalite-checksum.test.ts compares the two).
 */
export function installNativeChecksum() {
  const dynaliteRequire = createRequire(require.resolve('dynalite'));
  const bufferCrc32 = dynaliteRequire('buffer-crc32') as { unsigned: (data: string | Buffer) => number };
  bufferCrc32.unsigned = (data) => crc32(data);
}
