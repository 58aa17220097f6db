import { X509Certificate } from 'node:crypto';
import type { IotPolicyStatement } from '../../infra/iot-policies';
import { type IotRegistry, LOCAL_POLICIES, type LocalCertificate, type LocalThing } from './iot-registry';

/**
 * IoT Core's authorization of one MQTT client, evaluated locally over the same policy documents CDK deploys:
 * the client is the certificate it proved in the TLS handshake plus the client id it connected with. A thing
 * variable is known only when a thing of that name has the certificate attached; a statement whose variable
 * is unknown applies to nothing. Deny wins over allow; nothing allowed is denied.
 */
export interface Principal {
  certificate: LocalCertificate;
  thing: LocalThing | undefined;
}

/** The active certificate with this fingerprint and the thing named `clientId` it is attached to, if any. */
export function principalOf(registry: IotRegistry, certificateDer: Buffer | undefined, clientId: string) {
  if (!certificateDer || certificateDer.length === 0) return undefined;
  const { certificates, things } = registry.read();
  const id = new X509Certificate(certificateDer).fingerprint256.replace(/:/g, '').toLowerCase();
  const certificate = certificates[id];
  if (certificate?.status !== 'ACTIVE') return undefined;
  const thing = things[clientId];
  return { certificate, thing: thing?.principals.includes(certificate.certificateArn) ? thing : undefined };
}

function variables(principal: Principal): Record<string, string | undefined> {
  const thing = principal.thing;
  const values: Record<string, string | undefined> = {
    'iot:Connection.Thing.ThingName': thing?.thingName,
    'iot:Connection.Thing.IsAttached': thing ? 'true' : 'false',
  };
  for (const [name, value] of Object.entries(thing?.attributes ?? {}))
    values[`iot:Connection.Thing.Attributes[${name}]`] = value;
  return values;
}

const literal = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');

/** The pattern as a RegExp: `*` and `?` are wildcards, variables become their values taken literally. */
function patternOf(resource: string, values: Record<string, string | undefined>): RegExp | undefined {
  let source = '';
  for (const part of resource.split(/(\$\{[^}]+\})/)) {
    const variable = /^\$\{([^}]+)\}$/.exec(part)?.[1];
    if (variable === undefined) source += literal(part).replace(/\\\*/g, '.*').replace(/\\\?/g, '.');
    else {
      const value = values[variable];
      if (value === undefined) return undefined;
      source += literal(value);
    }
  }
  return new RegExp(`^${source}$`);
}

function matches(
  statement: IotPolicyStatement,
  action: string,
  resource: string,
  values: Record<string, string | undefined>,
) {
  if (!statement.Action.includes(action) && !statement.Action.includes('iot:*')) return false;
  for (const [operator, conditions] of Object.entries(statement.Condition ?? {})) {
    if (operator !== 'Bool') return false; // an operator this check does not know never grants
    for (const [key, wanted] of Object.entries(conditions)) if (values[key] !== wanted) return false;
  }
  return statement.Resource.some((pattern) => {
    const regExp = patternOf(pattern, values);
    return regExp?.test(resource);
  });
}

/** `resource` relative to the account, as in the documents: `client/<id>`, `topic/<topic>`. */
export function isAllowed(principal: Principal, action: 'iot:Connect' | 'iot:Publish', resource: string): boolean {
  const values = variables(principal);
  const statements = principal.certificate.policies.flatMap((name) => LOCAL_POLICIES[name]?.Statement ?? []);
  const applying = statements.filter((s) => matches(s, action, resource, values));
  return applying.some((s) => s.Effect === 'Allow') && !applying.some((s) => s.Effect === 'Deny');
}
