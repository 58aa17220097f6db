import type { Stack } from 'aws-cdk-lib';
import { FULL_CONTEXT, resourcesOf, synthTracking } from './synth';

/** The sender is a required deploy setting, used by every function, and an SES identity. */
describe('mail sender (-c mailFrom)', () => {
  it('synthesis without mailFrom fails with a message naming the setting', () => {
    expect(() => synthTracking({ mailFrom: undefined })).toThrow(/mailFrom is required/);
    expect(() => synthTracking({ mailFrom: '' })).toThrow(/mailFrom is required/);
  });

  it('a mailFrom that is no address is refused by name', () => {
    expect(() => synthTracking({ mailFrom: 'no-reply' })).toThrow(/mailFrom "no-reply" is not an e-mail address/);
  });

  const synth = synthTracking(FULL_CONTEXT);
  const stacks: Stack[] = [synth.web, synth.data, synth.auth, synth.api, synth.pipeline, synth.webDeployment];
  const functions = stacks.flatMap((stack) => resourcesOf(synth.template(stack), 'AWS::Lambda::Function'));

  it('every function that has MAIL_FROM has the setting, and the mailing ones have it', () => {
    const senders = functions
      .map(([, props]) => (props.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables)
      .filter((vars) => vars && 'MAIL_FROM' in vars)
      .map((vars) => vars?.MAIL_FROM);
    expect(senders.length).toBeGreaterThan(0);
    expect(new Set(senders)).toEqual(new Set([FULL_CONTEXT.mailFrom]));
  });

  it("the sender's domain is an SES identity with Easy DKIM, its records stack outputs", () => {
    const template = synth.template(synth.api);
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'mail.example.com' });
    const outputs = Object.keys(template.findOutputs('*'));
    expect(outputs.filter((name) => /DkimRecord[123]/.test(name))).toHaveLength(3);
    expect(outputs.some((name) => /MailFrom/.test(name))).toBe(true);
  });
});
