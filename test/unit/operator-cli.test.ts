import { operatorArgs } from '../../scripts/operator-cli';

/** Every job, repair and migration command parses its arguments one way, strictly. */
describe('operator commands', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });
  const job = {
    usage: 'npm run job:x [-- --now <time>] [--tenant <id>]...',
    tenants: true,
    options: { now: { type: 'string' } },
  } as const;

  it('read the common flags and the command’s own options', () => {
    const parsed = operatorArgs(job, ['--now', '2026-06-01T00:00:00Z', '--tenant', '3', '--tenant', '12']);
    expect(parsed).toEqual({ dryRun: false, tenantIds: ['3', '12'], values: expect.anything() });
    expect(parsed.values.now).toBe('2026-06-01T00:00:00Z');
  });

  it('refuse a misspelt option, a flag the command does not understand and a tenant that is no id', () => {
    expect(() => operatorArgs(job, ['--tennant', '3'])).toThrow(/usage: npm run job:x/);
    expect(() => operatorArgs(job, ['--dry-run'])).toThrow('--dry-run is not an option here');
    expect(() => operatorArgs(job, ['--aws'])).toThrow('--aws is not an option here');
    expect(() => operatorArgs(job, ['--tenant', 'demo'])).toThrow('--tenant takes a tenant id');
    expect(() => operatorArgs(job, ['3'])).toThrow(/usage/);
  });

  it('point at the local stack unless --aws, which needs the deployed table named', () => {
    delete process.env.TABLE_NAME;
    delete process.env.DYNAMODB_ENDPOINT;
    const repair = { usage: 'npm run repair:x', aws: true, dryRun: true };
    expect(() => operatorArgs(repair, ['--aws'])).toThrow('--aws needs TABLE_NAME');
    expect(process.env.DYNAMODB_ENDPOINT).toBeUndefined();
    expect(operatorArgs(repair, ['--dry-run']).dryRun).toBe(true);
    expect(process.env.DYNAMODB_ENDPOINT).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});
