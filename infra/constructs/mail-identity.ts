import { CfnOutput } from 'aws-cdk-lib';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { mailAddress } from '../config';

/**
 * The SES identity of the sender (`-c mailFrom`): its domain, verified with Easy DKIM. The stack cannot
 * publish the DKIM records in a zone it does not own, so they are stack outputs (name and value of three
 * CNAMEs) for the operator to add at the DNS host; SES verifies the domain once they resolve. A new account is
 * in the SES sandbox (mail only to verified addresses): leaving it is a support request (docs/operations.md,
 * Deploying to AWS).
 */
export class MailIdentity extends Construct {
  readonly identity: ses.EmailIdentity;
  readonly domain: string;

  constructor(scope: Construct, id: string, props: { mailFrom: string }) {
    super(scope, id);
    this.domain = mailAddress(props.mailFrom).split('@')[1] ?? '';
    this.identity = new ses.EmailIdentity(this, 'Identity', { identity: ses.Identity.domain(this.domain) });
    new CfnOutput(this, 'MailFrom', { value: props.mailFrom, description: 'Sender of the console e-mail' });
    this.identity.dkimRecords.forEach((record, index) => {
      new CfnOutput(this, `DkimRecord${index + 1}`, {
        value: `${record.name} CNAME ${record.value}`,
        description: `DKIM record ${index + 1} of 3 to add at the DNS host of ${this.domain}`,
      });
    });
  }
}
