import { X509Certificate } from 'node:crypto';
import { generateCertificate, positiveInteger } from '../../scripts/local/iot-certificates';

/**
 * The local IoT stand-in's certificates (scripts/local/iot-certificates.ts) are DER written by hand: OpenSSL
 * refuses a non-minimal INTEGER ("illegal padding"), which a random serial starting with a zero byte made once in
 * 512 certificates, so a fresh stack failed to start at random.
 */
const hex = (bytes: Buffer) => bytes.toString('hex');

describe('local IoT certificates', () => {
  it('encodes serials as minimal DER integers', () => {
    expect(hex(positiveInteger(Buffer.from([0x00, 0x01, 0x02])))).toBe('02020102');
    expect(hex(positiveInteger(Buffer.from([0x00, 0x00, 0x80])))).toBe('02020080');
    expect(hex(positiveInteger(Buffer.from([0x80, 0x01])))).toBe('0203008001');
    expect(hex(positiveInteger(Buffer.from([0x7f])))).toBe('02017f');
    expect(hex(positiveInteger(Buffer.from([0x00, 0x00])))).toBe('020100');
  });

  it('writes certificates OpenSSL parses, whatever the serial', () => {
    for (let i = 0; i < 200; i++) {
      const generated = generateCertificate(`thing-${i}`, 1);
      expect(new X509Certificate(generated.certificatePem).subject).toBe(`CN=thing-${i}`);
    }
  });
});
