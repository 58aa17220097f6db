import { mkdirSync, writeFileSync } from 'node:fs';
import { ensureVapidKeysFile } from '../functions/lib/web-push/vapid-keys';
import { startAppSyncEvents } from './local/appsync-events';
import { ensureTable, ensureUserPool, migrateTable, rollBackInterruptedImports } from './local/bootstrap';
import { assertPortFree, dataDir, HOST, handlerEnvironment, PORTS, type PortName, port, REGION } from './local/config';
import { type ConsoleMode, startConsole } from './local/console-server';
import { startEventBridgeService } from './local/eventbridge-service';
import { startGateway } from './local/gateway';
import { openIotRegistry } from './local/iot-registry';
import { startIotService } from './local/iot-service';
import { KPN_DEMO, startKpnThings } from './local/kpn-things';
import { startLambdaService } from './local/lambda-service';
import { startLoanDayTimer } from './local/loan-day-timer';
import { startMqttBroker } from './local/mqtt-broker';
import { startLocalPipeline } from './local/pipeline';
import { startPushService } from './local/push-service';
import {
  startAlarmNoticeTimer,
  startReportTimer,
  startSilentTagTimer,
  startTenantWalkTimer,
  startTimeRuleTimer,
} from './local/quarter-hour-timer';
import { type Service, startCognito, startDynamo, startMail, startS3 } from './local/services';
import { startSesService } from './local/ses-service';
import { startSnsService } from './local/sns-service';
import { startSsoProvider } from './local/sso-provider';
import { seededAlarmAddresses, subscribeSeededAlarmAddresses } from './local/subscribe-seeded-alarms';
import { DEMO_PASSWORD, DEMO_USERS, seedIfEmpty } from './seed/seed';

/**
 * `npm start`: the whole product on one machine. Starts the local stand-ins for DynamoDB, S3, Cognito, IoT
 * Core's broker and SES/SNS mail, bootstraps them from the same definitions CDK deploys, seeds demo data on
 * first start, then serves the API through the local gateway and the console through Vite.
 *
 * Environment: *_PORT variables move ports, LOCAL_DATA_DIR moves .local/, START_WEB=false skips the console,
 * START_WEB=build serves the production build (web/dist, or CONSOLE_DIST_DIR) as CloudFront does instead of
 * Vite, STACK_INFO_FILE writes the URLs as JSON (the test harness reads it), STOP_WHEN_STDIN_ENDS=true stops
 * the stack when its stdin closes (the harness's pipe: the stack ends with the test run).
 */
async function main() {
  const started = Date.now();
  const consoleMode = consoleModeOf(process.env.START_WEB);
  const ports = (Object.keys(PORTS) as PortName[]).filter((name) => consoleMode || name !== 'WEB_PORT');

  const services: Service[] = [];
  const stop = async () => {
    for (const service of services.reverse()) await service.stop().catch(() => undefined);
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(0)));
  process.once('SIGTERM', () => void stop().then(() => process.exit(0)));
  // A stack launched by the test harness or a benchmark (launch-stack.ts) ends with the process that launched it.
  if (process.env.STOP_WHEN_STDIN_ENDS === 'true') {
    process.stdin.once('end', () => void stop().then(() => process.exit(0)));
    process.stdin.resume();
  }

  const consoleOrigins = [`http://localhost:${port('WEB_PORT')}`, `http://${HOST}:${port('WEB_PORT')}`];
  try {
    for (const name of ports) await assertPortFree(name);
    mkdirSync(dataDir(), { recursive: true });
    const iotRegistry = openIotRegistry();
    const mqtt = await startMqttBroker(iotRegistry);
    services.push(await startDynamo(), await startS3(consoleOrigins), mqtt, await startMail());
    services.push(await startIotService(port('IOT_PORT'), iotRegistry, `${HOST}:${port('MQTT_PORT')}`));
    services.push(await startCognito());
    services.push(await startKpnThings());
    await ensureTable();
    const ids = await ensureUserPool();
    Object.assign(process.env, handlerEnvironment(ids));
    await migrateTable();
    await rollBackInterruptedImports();
    const seeded = await seedIfEmpty();
    // The seeded rules' demo addresses, confirmed in the SNS stand-in on the first start (no confirmation mail).
    const demoAddresses = seeded ? await seededAlarmAddresses() : [];
    const sso = await startSsoProvider({ ...ids, clientId: ids.userPoolClientId, consoleOrigins });
    services.push(sso);
    // Live push: connect and subscribe with the console's ID tokens (Cognito's or the SSO stand-in's).
    const live = await startAppSyncEvents({
      port: port('LIVE_PORT'),
      region: REGION,
      publisherCredentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      issuers: [
        {
          issuer: `http://${HOST}:${port('COGNITO_PORT')}/${ids.userPoolId}`,
          jwksUri: `http://${HOST}:${port('COGNITO_PORT')}/${ids.userPoolId}/.well-known/jwks.json`,
        },
        { issuer: sso.issuer, jwksUri: `${sso.issuer}/.well-known/jwks.json` },
      ],
      clientId: ids.userPoolClientId,
    });
    services.push(live);

    const cognitoUrl = `http://${HOST}:${port('COGNITO_PORT')}`;
    const gateway = await startGateway({
      port: port('API_PORT'),
      issuer: `${cognitoUrl}/${ids.userPoolId}`,
      jwksUri: `${cognitoUrl}/${ids.userPoolId}/.well-known/jwks.json`,
      clientId: ids.userPoolClientId,
      extraAudiences: [ids.apiClientsClientId],
      extraIssuers: [{ issuer: sso.issuer, jwksUri: `${sso.issuer}/.well-known/jwks.json` }],
      allowedOrigins: consoleOrigins,
      trustTestClientIp: process.env.LOCAL_TRUST_TEST_CLIENT_IP === 'true',
      log: process.env.GATEWAY_LOG === 'true' ? (line) => console.log(line) : undefined,
    });
    services.push({ name: 'API gateway', url: gateway.url, stop: gateway.stop });
    services.push(await startLambdaService(port('LAMBDA_PORT')));
    services.push(
      await startSnsService({
        port: port('SNS_PORT'),
        smtpUrl: `smtp://${HOST}:${port('SMTP_PORT')}`,
        // The alarm topic CDK deploys (infra/constructs/alarm-delivery.ts); its shards are made on demand.
        topics: [process.env.ALARM_TOPIC_ARN ?? ''],
        demoAddresses,
      }),
    );
    services.push(await startSesService({ port: port('SES_PORT'), smtpUrl: `smtp://${HOST}:${port('SMTP_PORT')}` }));
    services.push(await startEventBridgeService(port('EVENTBRIDGE_PORT')));
    services.push(await startPushService(port('PUSH_PORT')));
    ensureVapidKeysFile(process.env.VAPID_KEYS_FILE as string);
    if (seeded) await subscribeSeededAlarmAddresses(demoAddresses);
    services.push(...(await startLocalPipeline(mqtt.broker)));
    if (process.env.LOAN_DAY_TIMER !== 'off') services.push(startLoanDayTimer());
    if (process.env.SILENT_TAG_TIMER !== 'off') services.push(startSilentTagTimer());
    if (process.env.TIME_RULE_TIMER !== 'off') services.push(startTimeRuleTimer());
    if (process.env.TENANT_WALK_TIMER !== 'off') services.push(startTenantWalkTimer());
    if (process.env.REPORT_TIMER !== 'off') services.push(startReportTimer());
    if (process.env.ALARM_NOTICE_TIMER !== 'off') services.push(startAlarmNoticeTimer());

    if (consoleMode) {
      const { userPoolId, userPoolClientId } = ids;
      const cognitoDomain = `http://${HOST}:${port('SSO_PORT')}`;
      const config = {
        apiBaseUrl: gateway.url,
        userPoolId,
        userPoolClientId,
        cognitoDomain,
        live: { endpoint: live.publishUrl, region: REGION },
      };
      services.push(await startConsole(consoleMode, port('WEB_PORT'), config, `http://${HOST}:${port('S3_PORT')}`));
    }

    const info = {
      services: Object.fromEntries(services.map((s) => [s.name, s.url])),
      ...ids,
      apiUrl: gateway.url,
      liveUrl: live.publishUrl,
    };
    if (process.env.STACK_INFO_FILE) writeFileSync(process.env.STACK_INFO_FILE, JSON.stringify(info, null, 2));
    printBanner(services, seeded, Date.now() - started);
  } catch (error) {
    console.error(`\nCould not start the local stack: ${(error as Error).message}`);
    if (process.env.DEBUG) console.error(error);
    await stop();
    process.exit(1);
  }
}

function consoleModeOf(value: string | undefined): ConsoleMode | null {
  if (value === 'false') return null;
  return value === 'build' ? 'build' : 'dev';
}

function printBanner(services: Service[], seeded: boolean, elapsedMs: number) {
  const width = Math.max(...services.map((s) => s.name.length));
  const lines = [
    '',
    `Local stack up in ${(elapsedMs / 1000).toFixed(1)} s${seeded ? ' (demo data seeded)' : ''}. Ctrl-C stops everything.`,
    '',
    ...services.map((s) => `  ${s.name.padEnd(width)}  ${s.url}`),
    '',
    `Demo sign-ins (password for all: ${DEMO_PASSWORD}):`,
    ...DEMO_USERS.map(
      (u) => `  ${u.username.padEnd(16)} ${u.email.padEnd(28)} ${u.roles.join(', ')} (tenant ${u.tenant})`,
    ),
    '',
    'KPN demo credentials (the /kpnthings page):',
    ...Object.entries(KPN_DEMO).map(([field, value]) => `  ${field.padEnd(16)} ${value}`),
    '',
    'Single sign-on ("Sign in with Microsoft"): the SSO stand-in asks only for the e-mail of a demo user.',
    '',
  ];
  console.log(lines.join('\n'));
}

void main();
