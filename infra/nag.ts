import { type App, Stack, Validations } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag v3 runs as a CDK policy-validation plugin (not an Aspect): any unacknowledged finding, error or
 * warning, fails `cdk synth`. Acknowledgements are CDK's own `Validations.of(scope).acknowledge`, which
 * apply to the scope and everything below it; granular rules (IAM4/IAM5) need one id per finding.
 */
export function addNagChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
}

/** Acknowledge one or more nag findings on `scope`, all for the same, specific reason. */
export function acknowledge(scope: IConstruct, reason: string, ...ids: string[]): void {
  for (const id of ids) Validations.of(scope).acknowledge({ id, reason });
}

/**
 * A CloudFormation value as cdk-nag prints it in granular finding ids (`Resource::<…>`): joins concatenated,
 * Ref as <Name>, GetAtt as <Resource.Attribute>, `${X}` in strings as <X>. Mirrors cdk-nag's internal
 * flattenCfnReference, which the package does not export.
 */
export function flattenReference(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    if (node['Fn::Join']) {
      const [delimiter, items] = node['Fn::Join'] as [string, unknown[]];
      return items.map(flattenReference).join(delimiter);
    }
    if (node['Fn::Sub']) return flattenReference(node['Fn::Sub']);
    if (node['Fn::GetAtt']) {
      const [resource, attribute] = node['Fn::GetAtt'] as [unknown, unknown];
      return `<${flattenReference(resource)}.${flattenReference(attribute)}>`;
    }
    if (node['Fn::ImportValue']) return flattenReference(node['Fn::ImportValue']);
    if (node.Ref) return `<${flattenReference(node.Ref)}>`;
  }
  return JSON.stringify(value);
}

/** Allowed resources of a policy that contain a wildcard, flattened as cdk-nag reports them. */
export function wildcardResources(policy: iam.Policy): string[] {
  const document = Stack.of(policy).resolve(policy.document.toJSON()) as {
    Statement?: { Effect: string; Resource?: unknown }[];
  };
  const resources = (document.Statement ?? [])
    .filter((statement) => statement.Effect === 'Allow')
    .flatMap((statement) => [statement.Resource].flat())
    .map(flattenReference)
    .filter((resource) => resource.includes('*'));
  return [...new Set(resources)];
}
