import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { MAIL_LANGUAGES, type MailLanguage } from '../functions/lib/mail/mail-language';
import { MailNotSent } from '../functions/lib/mail/send-mail';
import { bootstrapFirstRun } from '../functions/lib/tenants/first-run';
import { ensureUserPool } from './local/bootstrap';
import { handlerEnvironment } from './local/config';

const USAGE = `npm run bootstrap:aws -- --email <address> [--company <name>] [--subdomain <s>] [--language en|nl|de|fr]
  [--stage <stage>] [--region <region>]   the deployed stack Tracking-<stage>-* (default dev; AWS CLI credentials)
  [--local]                               the running local stack (npm start) instead`;

type Outputs = Record<string, string>;

/** A stack's outputs through the AWS CLI (the project ships no CloudFormation SDK client). */
function stackOutputs(stackName: string, region: string): Outputs {
  const json = execFileSync(
    'aws',
    ['cloudformation', 'describe-stacks', '--stack-name', stackName, '--region', region, '--output', 'json'],
    { encoding: 'utf8' },
  );
  const outputs = (JSON.parse(json).Stacks?.[0]?.Outputs ?? []) as { OutputKey: string; OutputValue: string }[];
  return Object.fromEntries(outputs.map((o) => [o.OutputKey, o.OutputValue]));
}

/** Output by key prefix: outputs of a construct carry a hash after their id (MailIdentityMailFrom1A2B3C4D). */
const output = (outputs: Outputs, prefix: string, stack: string): string => {
  const key = Object.keys(outputs).find((k) => k.startsWith(prefix));
  if (!key) throw new Error(`${stack} has no ${prefix} output: is it deployed with this version?`);
  return outputs[key] as string;
};

/** What the handlers get from CDK, read from the deployed stacks; variables already set win. */
function awsEnvironment(stage: string, region: string): Record<string, string> {
  const prefix = `Tracking-${stage}`;
  const get = (variable: string, stack: string, key: string) =>
    process.env[variable] || output(stackOutputs(`${prefix}-${stack}`, region), key, `${prefix}-${stack}`);
  return {
    AWS_REGION: region,
    TABLE_NAME: get('TABLE_NAME', 'Data', 'TableName'),
    USER_POOL_ID: get('USER_POOL_ID', 'Auth', 'UserPoolId'),
    MAIL_FROM: get('MAIL_FROM', 'Api', 'MailIdentityMailFrom'),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      company: { type: 'string' },
      subdomain: { type: 'string' },
      language: { type: 'string', default: 'en' },
      stage: { type: 'string', default: 'dev' },
      region: { type: 'string' },
      local: { type: 'boolean', default: false },
    },
  });
  if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email))
    throw new Error(`--email is required\n${USAGE}`);
  if (!(MAIL_LANGUAGES as readonly string[]).includes(values.language ?? '')) throw new Error(`--language: ${USAGE}`);
  const region = values.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'eu-west-1';
  const env = values.local ? handlerEnvironment(await ensureUserPool()) : awsEnvironment(values.stage ?? 'dev', region);
  Object.assign(process.env, env);

  const result = await bootstrapFirstRun({
    email: values.email,
    company: values.company,
    subdomain: values.subdomain,
    language: values.language as MailLanguage,
  });
  const { tenant, superAdmin } = result;
  console.log(`Tenant ${tenant.subdomain} (id ${tenant.id}): ${tenant.created ? 'created' : 'already there'}`);
  console.log(`Super admin ${superAdmin.email}: ${superAdmin.created ? 'created, password mailed' : 'already there'}`);
  if (!tenant.created && !superAdmin.created) console.log('Nothing changed.');
}

main().catch((error: Error) => {
  console.error(error.message);
  if (error instanceof MailNotSent) {
    console.error(
      'The super admin was not kept, as nobody received its password. In the SES sandbox, verify the address ' +
        'first (docs/operations.md, Deploying to AWS: "SES sandbox"), then run this again.',
    );
  }
  process.exit(1);
});
