import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/**
 * Deployment settings, read from CDK context (cdk.json defaults, overridden with `-c key=value`).
 * Values given on the command line arrive as strings, so every reader accepts strings too.
 */
export interface AzureFederationConfig {
  tenantId: string;
  clientId: string;
  /** Secrets Manager ARN of the Entra ID app registration's client secret. */
  clientSecretArn: string;
  /** JSON key inside the secret; absent when the secret is a plain string. */
  clientSecretJsonField?: string;
  /** Cognito identity provider name; the session handler sends it as identity_provider. */
  providerName: string;
  /**
   * The console tenant this Entra ID directory belongs to, and the e-mail domains the directory has verified:
   * a first sign-in is linked only to a user of that tenant, on one of those domains.
   */
  consoleTenantId: string;
  verifiedDomains: string[];
}

export interface AppConfig {
  stage: string;
  /** Prefix of every stack name, e.g. "Tracking-dev". */
  stackPrefix: string;
  /** Custom console domain (e.g. console.example.com); without it the CloudFront domain is the origin. */
  domainName?: string;
  /** ACM certificate in us-east-1 for domainName. */
  certificateArn?: string;
  /** WAFv2 web ACL (CLOUDFRONT scope, us-east-1) to attach to the distribution. */
  webAclArn?: string;
  /** Extra browser origins allowed by CORS and as OAuth callbacks, e.g. http://localhost:5173. */
  additionalConsoleOrigins: string[];
  cognitoDomainPrefix: string;
  cognitoThreatProtection: 'AUDIT' | 'ENFORCED';
  azure?: AzureFederationConfig;
  alarmEmail?: string;
  /** Sender of the product's e-mail (`-c mailFrom=...`), required: an address on a domain the operator owns. */
  mailFrom: string;
  /**
   * Domain under which `<tenant subdomain>.<suffix>` reaches the API as that tenant (spec 001 s.4), e.g.
   * api.tracking.example.com behind a wildcard custom domain; without it tenants are chosen by X-Tenant-Id.
   */
  tenantHostSuffix?: string;
  /**
   * A custom domain (and its ACM certificate in the app's region) by which the API's CloudFront distribution
   * reaches the HTTP API. Set, the raw execute-api endpoint is switched off, so nothing reaches the handlers
   * around the WAF; the operator points the domain at the `ApiOriginTarget` output (a CNAME).
   */
  apiOriginDomain?: { domainName: string; certificateArn: string };
  logRetentionDays: RetentionDays;
  /** Reverse geocoding: `-c geocoderProvider=amazon|pdok` (default amazon), `-c geocoderLanguage=nl`. */
  geocoder: { provider: 'amazon' | 'pdok'; language: string };
}

const text = (scope: Construct, key: string): string | undefined => {
  const value: unknown = scope.node.tryGetContext(key);
  if (value === undefined || value === null) return undefined;
  const s = String(value).trim();
  return s === '' ? undefined : s;
};

const list = (scope: Construct, key: string): string[] => {
  const value: unknown = scope.node.tryGetContext(key);
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value !== 'string' || value.trim() === '') return [];
  const trimmed = value.trim();
  if (trimmed.startsWith('[')) return (JSON.parse(trimmed) as unknown[]).map(String).filter(Boolean);
  return trimmed
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
};

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d+)?$/i;

function readAzure(scope: Construct): AzureFederationConfig | undefined {
  const tenantId = text(scope, 'azureTenantId');
  const clientId = text(scope, 'azureClientId');
  const clientSecretArn = text(scope, 'azureClientSecretArn');
  const given = [tenantId, clientId, clientSecretArn].filter(Boolean).length;
  if (given === 0) return undefined;
  if (!tenantId || !clientId || !clientSecretArn) {
    throw new Error('Azure federation needs all of azureTenantId, azureClientId and azureClientSecretArn');
  }
  if (!clientSecretArn.startsWith('arn:')) throw new Error('azureClientSecretArn must be a Secrets Manager ARN');
  const consoleTenantId = text(scope, 'azureConsoleTenantId') ?? '';
  if (!/^\d+$/.test(consoleTenantId))
    throw new Error(
      'Azure federation needs azureConsoleTenantId: the id of the console tenant the directory belongs to',
    );
  const verifiedDomains = (text(scope, 'azureVerifiedDomains') ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);
  if (!verifiedDomains.length)
    throw new Error('Azure federation needs azureVerifiedDomains: the e-mail domains the directory has verified');
  return {
    consoleTenantId,
    verifiedDomains,
    tenantId,
    clientId,
    clientSecretArn,
    clientSecretJsonField: text(scope, 'azureClientSecretJsonField'),
    providerName: text(scope, 'azureProviderName') ?? 'AzureEntraId',
  };
}

const MAIL_FROM = /^(?:[^<>]*<)?([^\s@<>]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+)>?$/i;

/**
 * The sender of every mail the functions send. Required, with no placeholder: a placeholder deploys fine and
 * then every send fails at SES (an unverified identity), which is what happened on a real deployment.
 */
export function readMailFrom(scope: Construct): string {
  const from = text(scope, 'mailFrom');
  if (!from) {
    throw new Error(
      "mailFrom is required: the sender of the console's e-mail, e.g. -c mailFrom=no-reply@example.com or " +
        '-c "mailFrom=Tracking <no-reply@example.com>" (its domain becomes an SES identity; see docs/operations.md, Deploying to AWS)',
    );
  }
  if (!MAIL_FROM.test(from)) throw new Error(`mailFrom "${from}" is not an e-mail address (name <address> allowed)`);
  return from;
}

/** The bare address of a mailFrom value ("Name <a@b>" or "a@b"). */
export const mailAddress = (from: string): string => MAIL_FROM.exec(from)?.[1] ?? from;

export function readConfig(scope: Construct): AppConfig {
  const stage = text(scope, 'stage') ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,15}$/.test(stage)) throw new Error(`stage "${stage}" must be lower-case alphanumeric`);

  const domainName = text(scope, 'domainName');
  const certificateArn = text(scope, 'certificateArn');
  if (domainName && !certificateArn)
    throw new Error('domainName needs certificateArn (an ACM certificate in us-east-1)');

  const additionalConsoleOrigins = list(scope, 'additionalConsoleOrigins');
  const badOrigin = additionalConsoleOrigins.find((o) => !ORIGIN.test(o));
  if (badOrigin) throw new Error(`additionalConsoleOrigins: "${badOrigin}" is not an origin (scheme://host[:port])`);

  const threat = (text(scope, 'cognitoThreatProtection') ?? 'AUDIT').toUpperCase();
  if (threat !== 'AUDIT' && threat !== 'ENFORCED') throw new Error('cognitoThreatProtection must be AUDIT or ENFORCED');

  const retention = Number(text(scope, 'logRetentionDays') ?? 90);
  if (!(Object.values(RetentionDays) as unknown[]).includes(retention) || retention === RetentionDays.INFINITE) {
    throw new Error(
      `logRetentionDays ${retention} is not a CloudWatch Logs retention period (1, 3, 5, 7, 14, 30, 60, 90, ...)`,
    );
  }

  return {
    stage,
    stackPrefix: `Tracking-${stage}`,
    domainName,
    certificateArn,
    webAclArn: text(scope, 'webAclArn'),
    additionalConsoleOrigins,
    cognitoDomainPrefix: text(scope, 'cognitoDomainPrefix') ?? 'tracking-console',
    cognitoThreatProtection: threat,
    azure: readAzure(scope),
    alarmEmail: text(scope, 'alarmEmail'),
    mailFrom: readMailFrom(scope),
    tenantHostSuffix: text(scope, 'tenantHostSuffix'),
    apiOriginDomain: readApiOriginDomain(scope),
    logRetentionDays: retention as RetentionDays,
    geocoder: readGeocoder(scope),
  };
}

function readApiOriginDomain(scope: Construct): AppConfig['apiOriginDomain'] {
  const domainName = text(scope, 'apiOriginDomain')?.toLowerCase();
  const certificateArn = text(scope, 'apiOriginCertificateArn');
  if (!domainName && !certificateArn) return undefined;
  if (!domainName || !certificateArn)
    throw new Error(
      'apiOriginDomain and apiOriginCertificateArn go together (a regional ACM certificate for the domain)',
    );
  if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domainName))
    throw new Error(`apiOriginDomain "${domainName}" is not a domain name`);
  return { domainName, certificateArn };
}

function readGeocoder(scope: Construct): AppConfig['geocoder'] {
  const provider = text(scope, 'geocoderProvider') ?? 'amazon';
  if (provider !== 'amazon' && provider !== 'pdok')
    throw new Error(
      `geocoderProvider "${provider}" is not amazon or pdok (the offline geocoder is for the local stack)`,
    );
  const language = text(scope, 'geocoderLanguage') ?? 'nl';
  if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(language))
    throw new Error(`geocoderLanguage "${language}" is not a BCP 47 language tag`);
  return { provider, language };
}
