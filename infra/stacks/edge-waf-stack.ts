import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { EdgeWebAcl } from '../constructs/edge-web-acl';

/**
 * The WAF web ACL of the CloudFront distributions. CloudFront only takes web ACLs of scope
 * CLOUDFRONT, which exist in us-east-1 alone, so this stack is always deployed there, whatever the app's region.
 * Deploy it first and pass its WebAclArn output to the other stacks with `-c webAclArn=…` (docs/security.md):
 * without an explicit account and region CDK cannot reference across regions.
 */
export const EDGE_WAF_REGION = 'us-east-1';

export interface EdgeWafStackProps extends StackProps {
  stage: string;
}

export class EdgeWafStack extends Stack {
  readonly webAcl: EdgeWebAcl;

  constructor(scope: Construct, id: string, props: EdgeWafStackProps) {
    super(scope, id, { ...props, env: { account: props.env?.account, region: EDGE_WAF_REGION } });
    this.webAcl = new EdgeWebAcl(this, 'Edge', { name: `tracking-${props.stage}-edge` });
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.arn });
  }
}
