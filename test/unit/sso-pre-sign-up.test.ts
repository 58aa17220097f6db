import { type Candidate, decide, providerSubject, REFUSED } from '../../functions/triggers/pre-sign-up';

const PROVIDER = 'AzureEntraId';
const external = (userName = 'AzureEntraId_AbC-123') =>
  ({ triggerSource: 'PreSignUp_ExternalProvider', userName }) as const;
const native = (over: Partial<Candidate> = {}): Candidate => ({
  username: 'admin',
  enabled: true,
  status: 'CONFIRMED',
  ...over,
});

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
    expect(decide({ triggerSource: source, userName: 'new-user' }, PROVIDER, [])).toEqual({ kind: 'pass' });
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
