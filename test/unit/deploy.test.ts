import { settingGiven, stackOutput } from '../../scripts/deploy';

/** `npm run deploy` reads what `cdk deploy --outputs-file` writes: stack names carry the stage, keys a hash. */
describe('npm run deploy', () => {
  const outputs = {
    'Tracking-prod-Data': { TableName: 'Tracking-prod-Data-Table1A2B', AttachmentsBucketName: 'b' },
    'Tracking-prod-EdgeWaf': { WebAclArn: 'arn:aws:wafv2:us-east-1:1:global/webacl/x' },
    'Tracking-prod-Api': { MailIdentityMailFrom1A2B3C4D: 'no-reply@example.com' },
  };

  it('finds an output by stack and key prefix, whatever the stage', () => {
    expect(stackOutput(outputs, 'Data', 'TableName')).toBe('Tracking-prod-Data-Table1A2B');
    expect(stackOutput(outputs, 'Api', 'MailIdentityMailFrom')).toBe('no-reply@example.com');
    expect(stackOutput(outputs, 'Web', 'ConsoleUrl')).toBeUndefined();
    expect(stackOutput({}, 'Data', 'TableName')).toBeUndefined();
  });

  it('attaches the web ACL only while no webAclArn is set', () => {
    expect(settingGiven(['-c', 'stage=prod'], {}, 'webAclArn')).toBe(false);
    expect(settingGiven(['-c', 'webAclArn=arn:x'], {}, 'webAclArn')).toBe(true);
    expect(settingGiven([], { webAclArn: 'arn:x' }, 'webAclArn')).toBe(true);
  });
});
