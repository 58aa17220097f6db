import { App } from 'aws-cdk-lib';
import { createTrackingApp } from './tracking-app';

/**
 * CDK entry point (cdk.json "app"). Settings come from context: see infra/config.ts, e.g.
 *   npx cdk synth -c stage=prod -c azureTenantId=… -c azureClientId=… -c azureClientSecretArn=arn:… \
 *     -c azureConsoleTenantId=1 -c azureVerifiedDomains=example.com
 */
const app = new App();
createTrackingApp(app, {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
