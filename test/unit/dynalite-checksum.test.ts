import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';

/** The DynamoDB stand-in's answers keep their checksum with Node's CRC-32 (scripts/local/dynalite-checksum.ts). */
const bufferCrc32 = createRequire(require.resolve('dynalite'))('buffer-crc32') as {
  unsigned: (data: string | Buffer) => number;
};

describe('the stand-in answer checksum', () => {
  it.each([
    '',
    '{}',
    '{"Item":{"pk":{"S":"tenant-7/asset"},"name":{"S":"Kabelhaspel – Zwolle ✓"}}}',
    'x'.repeat(70_000),
    '\u0000\uD83D\uDE00 emoji and nul',
  ])('is the CRC-32 buffer-crc32 gives for %#', (body) => {
    expect(crc32(body)).toBe(bufferCrc32.unsigned(body));
    expect(crc32(Buffer.from(body))).toBe(bufferCrc32.unsigned(Buffer.from(body)));
  });
});
