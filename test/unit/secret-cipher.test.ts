import { decryptSecret, encryptSecret, webhookSigningSecret } from '../../functions/lib/kpn-things/secret-cipher';

// Written by the cipher before v2 (tenant 1, this key): stored secrets of that age must keep decrypting.
const V1_STORED = 'v1:mAiku+dcxd1jYCpCHzisOW7KpTrY9r5CxUPvAketDgQLOi0Z/iQTGOQdzQ5D20rfafb9Jes=';

const withBody = (stored: string, change: (raw: Buffer) => Buffer) =>
  stored.slice(0, 3) + change(Buffer.from(stored.slice(3), 'base64')).toString('base64');

describe('integration secret cipher (AES-256-GCM)', () => {
  beforeAll(() => {
    process.env.KPN_DATA_KEY = Buffer.alloc(32, 7).toString('base64');
  });

  it('round-trips a secret in the v2 format, a fresh IV each time', async () => {
    const stored = await encryptSecret('kpn-secret', '1', 'kpn-things/client_secret');
    expect(stored).toMatch(/^v2:/);
    expect(stored).not.toContain('kpn-secret');
    expect(stored).not.toBe(await encryptSecret('kpn-secret', '1', 'kpn-things/client_secret'));
    await expect(decryptSecret(stored, '1', 'kpn-things/client_secret')).resolves.toBe('kpn-secret');
  });

  it('does not decrypt in another tenant', async () => {
    const stored = await encryptSecret('kpn-secret', '1', 'kpn-things/client_secret');
    await expect(decryptSecret(stored, '2', 'kpn-things/client_secret')).rejects.toThrow();
  });

  it('does not decrypt for another purpose: another field, or another webhook endpoint of the same tenant', async () => {
    const client = await encryptSecret('kpn-secret', '1', 'kpn-things/client_secret');
    await expect(decryptSecret(client, '1', 'kpn-things/things_shared_secret')).rejects.toThrow();
    const signing = await encryptSecret('whsec_x', '1', webhookSigningSecret(3));
    await expect(decryptSecret(signing, '1', webhookSigningSecret(3))).resolves.toBe('whsec_x');
    await expect(decryptSecret(signing, '1', webhookSigningSecret(4))).rejects.toThrow();
    await expect(decryptSecret(signing, '1', 'kpn-things/client_secret')).rejects.toThrow();
  });

  it('refuses a truncated or altered tag, and an unknown format', async () => {
    const stored = await encryptSecret('', '1', 'kpn-things/client_secret');
    // An empty secret leaves iv | tag: cutting bytes off the end shortens the tag itself.
    for (const cut of [1, 4, 12]) {
      const truncated = withBody(stored, (raw) => raw.subarray(0, raw.length - cut));
      await expect(decryptSecret(truncated, '1', 'kpn-things/client_secret')).rejects.toThrow('Truncated secret');
    }
    const altered = withBody(stored, (raw) =>
      Buffer.concat([raw.subarray(0, -1), Buffer.from([(raw.at(-1) ?? 0) ^ 1])]),
    );
    await expect(decryptSecret(altered, '1', 'kpn-things/client_secret')).rejects.toThrow();
    await expect(decryptSecret(`v3:${stored.slice(3)}`, '1', 'kpn-things/client_secret')).rejects.toThrow(
      'Unknown secret format',
    );
  });

  it('still decrypts an old v1 ciphertext in its own tenant, for any purpose, and not in another tenant', async () => {
    await expect(decryptSecret(V1_STORED, '1', 'kpn-things/client_secret')).resolves.toBe('kpn-secret-from-before-v2');
    await expect(decryptSecret(V1_STORED, '1', webhookSigningSecret(9))).resolves.toBe('kpn-secret-from-before-v2');
    await expect(decryptSecret(V1_STORED, '2', 'kpn-things/client_secret')).rejects.toThrow();
    // A v1 body relabelled v2 is checked against the v2 binding and fails.
    await expect(decryptSecret(`v2:${V1_STORED.slice(3)}`, '1', 'kpn-things/client_secret')).rejects.toThrow();
  });
});
