import { hotp, totpAt } from '../harness/totp';

/** The test harness's authenticator against the RFCs' published vectors (RFC 4226 appendix D, RFC 6238 appendix B). */
describe('the test authenticator', () => {
  const rfcKey = Buffer.from('12345678901234567890', 'ascii');

  it('computes RFC 4226 HOTP values', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(rfcKey, counter))).toEqual(expected);
  });

  it('computes RFC 6238 TOTP values (SHA-1, 8 digits) from a base32 secret', () => {
    // base32 of "12345678901234567890"
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    expect(vectors.map(([seconds]) => totpAt(secret, seconds * 1000, 8))).toEqual(vectors.map(([, code]) => code));
  });
});
