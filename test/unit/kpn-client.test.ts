import { verifyCredentials } from '../../functions/lib/kpn-things/kpn-client';

const credentials = {
  client_id: 'c',
  client_secret: 's',
  kpn_tenant_id: 't',
  application_id: 'a',
  project_id: 'p',
  device_group_id: 'g',
};

describe('KPN Things client', () => {
  beforeAll(() => {
    process.env.KPN_DATA_KEY = Buffer.alloc(32, 7).toString('base64');
  });

  it('answers false, not an error, when KPN cannot be reached', async () => {
    process.env.KPN_TOKEN_URL = 'http://127.0.0.1:9/token'; // discard port: connection refused
    await expect(verifyCredentials(credentials)).resolves.toBe(false);
  });
});
