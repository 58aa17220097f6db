import type { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { GATEWAY_PROVISIONING_ACTIONS } from '../handler-grants';
import { iotPolicyName } from '../iot-policies';
import { acknowledge, flattenReference } from '../nag';

/**
 * What the gateways API (functions/http/gateways.ts) may do in IoT Core: make and remove
 * gateway things (`gw-*`), make, revoke and delete certificates, and attach the stage's gateway policy only,
 * never the device policy or one of its own making.
 */
export function grantGatewayProvisioning(stack: Stack, fn: lambda.Function, role: iam.IRole, stage: string) {
  const policyName = iotPolicyName(stage, 'gateway');
  fn.addEnvironment('GATEWAY_POLICY_NAME', policyName);
  const arn = (resource: string) => `arn:${stack.partition}:iot:${stack.region}:${stack.account}:${resource}`;
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: [...GATEWAY_PROVISIONING_ACTIONS.things],
      resources: [arn('thing/gw-*')],
    }),
  );
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: [...GATEWAY_PROVISIONING_ACTIONS.certificates],
      resources: [arn('cert/*'), arn(`policy/${policyName}`)],
    }),
  );
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: [...GATEWAY_PROVISIONING_ACTIONS.unscoped],
      resources: ['*'],
    }),
  );
  acknowledge(
    role,
    'IoT names a certificate by its fingerprint, known only once IoT Core made it, so certificate actions take ' +
      'cert/*; thing actions are limited to gateway things (gw-*); CreateKeysAndCertificate and ' +
      'DescribeEndpoint have no resource-level permissions.',
    `AwsSolutions-IAM5[Resource::${flattenReference(stack.resolve(arn('thing/gw-*')))}]`,
    `AwsSolutions-IAM5[Resource::${flattenReference(stack.resolve(arn('cert/*')))}]`,
    'AwsSolutions-IAM5[Resource::*]',
  );
}
