import { verifyCredentials } from '../../functions/lib/kpn-things/kpn-client';
import { decryptSecret, encryptSecret } from '../../functions/lib/kpn-things/secret-cipher';

const credentials = {
  client_id: 'c',
  client_secret: 's',
  kpn_tenant_id: 't',
  application_id: 'a',
  project_id: 'p',
  device_group_id: 'g',
};

describe('KPN Things client and secret encryption', () => {
  beforeAll(() => {
    process.env.KPN_DATA_KEY = Buffer.alloc(32, 7).toString('base64');
  });

  it('answers false, not an error, when KPN cannot be reached', async () => {
    process.env.KPN_TOKEN_URL = 'http://127.0.0.1:9/token'; // discard port: connection refused
    await expect(verifyCredentials(credentials)).resolves.toBe(false);
  });

  it('encrypts a secret so that only the same tenant decrypts it', async () => {
    const stored = await encryptSecret('kpn-secret', '1');
    expect(stored).not.toContain('kpn-secret');
    expect(stored).not.toBe(await encryptSecret('kpn-secret', '1'));
    await expect(decryptSecret(stored, '1')).resolves.toBe('kpn-secret');
    await expect(decryptSecret(stored, '2')).rejects.toThrow();
  });
});
