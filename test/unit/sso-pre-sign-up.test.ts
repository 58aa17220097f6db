import {
  type Candidate,
  decide as decideWith,
  providerSubject,
  REFUSED,
  readSsoTenant,
  type SsoTenant,
} from '../../functions/triggers/pre-sign-up';

const PROVIDER = 'AzureEntraId';
const SSO: SsoTenant = { tenantId: '1', verifiedDomains: ['demo.local'] };
const external = (userName = 'AzureEntraId_AbC-123', email = 'admin@demo.local') =>
  ({ triggerSource: 'PreSignUp_ExternalProvider', userName, email }) as const;
const native = (over: Partial<Candidate> = {}): Candidate => ({
  username: 'admin',
  enabled: true,
  status: 'CONFIRMED',
  tenantId: '1',
  ...over,
});
const decide = (
  event: Parameters<typeof decideWith>[0],
  provider: string,
  candidates: Candidate[],
  sso: SsoTenant | null = SSO,
) => decideWith(event, provider, sso ?? undefined, candidates);

describe('pre sign-up decision', () => {
  it('links the first Entra ID sign-in to the one active console user with that e-mail', () => {
    expect(decide(external(), PROVIDER, [native()])).toEqual({
      kind: 'link',
      destinationUsername: 'admin',
      providerName: PROVIDER,
      providerSubject: 'AbC-123',
    });
  });

  it('ignores federated users with the same e-mail when choosing the link target', () => {
    const federated = native({ username: 'AzureEntraId_old', status: 'EXTERNAL_PROVIDER' });
    expect(decide(external(), PROVIDER, [federated, native()])).toMatchObject({ destinationUsername: 'admin' });
  });

  it.each([
    ['no console user has the e-mail', []],
    ['the console user is deactivated', [native({ enabled: false })]],
    ['two console users share the e-mail', [native(), native({ username: 'other' })]],
    ['only a federated user has the e-mail', [native({ status: 'EXTERNAL_PROVIDER' })]],
  ])('refuses when %s', (_case, candidates) => {
    expect(decide(external(), PROVIDER, candidates)).toEqual({ kind: 'refuse', reason: REFUSED });
  });

  it('refuses a sign-up from another identity provider', () => {
    expect(decide(external('Google_123'), PROVIDER, [native()])).toEqual({ kind: 'refuse', reason: REFUSED });
  });

  it.each(['PreSignUp_AdminCreateUser', 'PreSignUp_SignUp'] as const)('lets %s through untouched', (source) => {
    expect(decide({ triggerSource: source, userName: 'new-user', email: '' }, PROVIDER, [])).toEqual({ kind: 'pass' });
  });
});

describe('pre sign-up: only within the SSO tenant', () => {
  it('never links to a user of another tenant, even with the same e-mail', () => {
    expect(decide(external(), PROVIDER, [native({ tenantId: '2' })])).toEqual({ kind: 'refuse', reason: REFUSED });
  });

  it('never links an e-mail of a domain the directory has not verified', () => {
    const event = external('AzureEntraId_AbC-123', 'admin@acme.local');
    expect(decide(event, PROVIDER, [native()])).toEqual({ kind: 'refuse', reason: REFUSED });
    const lookalike = external('AzureEntraId_AbC-123', 'admin@evil.demo.local');
    expect(decide(lookalike, PROVIDER, [native()])).toEqual({ kind: 'refuse', reason: REFUSED });
  });

  it('refuses everything when no SSO tenant is configured (fails closed)', () => {
    expect(decide(external(), PROVIDER, [native()], null)).toEqual({ kind: 'refuse', reason: REFUSED });
    expect(readSsoTenant({ SSO_TENANT_ID: '1' })).toBeUndefined();
    expect(readSsoTenant({ SSO_TENANT_ID: '1', SSO_VERIFIED_DOMAINS: ' Demo.local, x.nl ' })).toEqual({
      tenantId: '1',
      verifiedDomains: ['demo.local', 'x.nl'],
    });
  });
});

describe('provider subject', () => {
  it('is what follows "<provider>_", whatever case Cognito gives the provider prefix', () => {
    expect(providerSubject('AzureEntraId_x_y', PROVIDER)).toBe('x_y');
    expect(providerSubject('azureentraid_abc', PROVIDER)).toBe('abc');
  });

  it('is absent for other providers and an empty subject', () => {
    expect(providerSubject('Google_abc', PROVIDER)).toBeUndefined();
    expect(providerSubject('AzureEntraId_', PROVIDER)).toBeUndefined();
  });
});
