import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { S3Client } from '@aws-sdk/client-s3';
import { ATTACHMENT_INCOMING_DAYS, ATTACHMENT_INCOMING_PREFIX } from '../../shared/schemas/attachment';
import { EXPORT_RETENTION_DAYS, EXPORT_STORAGE_PREFIX } from '../../shared/schemas/export';
import { ATTACHMENTS_BUCKET, dataDir, HOST, port } from './config';
import { startS3Front } from './s3-front';
import { startLifecycle } from './s3-lifecycle';

/** A running local service and how to stop it. */
export interface Service {
  name: string;
  url: string;
  stop(): Promise<void>;
}

const closeServer = (server: { close(cb: (err?: Error) => void): unknown }) =>
  new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * DynamoDB-compatible server (dynalite on LevelDB behind the transaction front), persisted under
 * .local/dynamodb, in a process of its own (dynamo-process.ts: the stack's other core).
 */
export async function startDynamo(): Promise<Service> {
  const child = fork(path.join(__dirname, 'dynamo-process.ts'), [], {
    execArgv: [
      '--import',
      pathToFileURL(require.resolve('tsx')).href,
      // STACK_CPU_PROFILE (launch-stack.ts) profiles this process too: in a test run it takes as much CPU as the rest.
      ...(process.env.STACK_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.STACK_CPU_PROFILE}`] : []),
    ],
    env: process.env,
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let output = '';
  child.stderr?.on('data', (chunk) => {
    output = (output + chunk).slice(-20_000);
  });
  // Never leave the child behind, even if this process ends without running its stop hooks.
  process.once('exit', () => child.kill('SIGTERM'));
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`The DynamoDB stand-in exited (${code}):\n${output}`)));
  });
  child.removeAllListeners('exit');
  return {
    name: 'DynamoDB (dynalite + transactions)',
    url: `http://${HOST}:${port('DYNAMODB_PORT')}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The only key pair s3rver accepts (functions/lib/local-endpoints.ts signs with it). */
const S3RVER_SECRETS: Record<string, string> = { S3RVER: 'S3RVER' };

/**
 * S3-compatible server (s3rver) with the attachments bucket and CORS for the console's origin, behind a front
 * that checks presigned POST policies and copy conditions (s3-front.ts): s3rver itself ignores them. The CDK
 * bucket's expiring prefixes (incoming/ uploads, exports) are swept at the start and hourly (s3-lifecycle.ts).
 */
export async function startS3(consoleOrigins: string[]): Promise<Service> {
  const S3rver = (await import('s3rver')).default;
  if (consoleOrigins.length === 0) throw new Error('startS3 needs at least one console origin for CORS');
  const directory = path.join(dataDir(), 's3');
  mkdirSync(directory, { recursive: true });
  // As the CDK bucket (data-stack.ts): uploads are presigned POSTs, downloads presigned GETs.
  const rules = consoleOrigins
    .map(
      (origin) =>
        `<CORSRule><AllowedOrigin>${origin}</AllowedOrigin>${['POST', 'GET', 'HEAD']
          .map((m) => `<AllowedMethod>${m}</AllowedMethod>`)
          .join(
            '',
          )}<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule>`,
    )
    .join('');
  const server = new S3rver({
    // Port 0: the OS picks the backend's port as it binds (see startDynamo).
    port: 0,
    address: HOST,
    directory,
    silent: true,
    configureBuckets: [{ name: ATTACHMENTS_BUCKET, configs: [`<CORSConfiguration>${rules}</CORSConfiguration>`] }],
  });
  const backend = (await server.run()) as net.AddressInfo;
  const front = await startS3Front({
    port: port('S3_PORT'),
    host: HOST,
    backendUrl: `http://${HOST}:${backend.port}`,
    secretFor: (accessKeyId) => S3RVER_SECRETS[accessKeyId],
    corsOrigins: consoleOrigins,
  });
  const stopLifecycle = startLifecycle(
    new S3Client({
      endpoint: `http://${HOST}:${backend.port}`,
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: S3RVER_SECRETS.S3RVER as string },
    }),
    ATTACHMENTS_BUCKET,
    [
      { prefix: ATTACHMENT_INCOMING_PREFIX, days: ATTACHMENT_INCOMING_DAYS },
      { prefix: EXPORT_STORAGE_PREFIX, days: EXPORT_RETENTION_DAYS },
    ],
  );
  return {
    name: 'S3 (s3rver + POST policy front)',
    url: `http://${HOST}:${port('S3_PORT')}`,
    stop: async () => {
      stopLifecycle();
      front.closeAllConnections();
      await closeServer(front);
      await server.close();
    },
  };
}

/** SMTP catcher with a web inbox (maildev). */
export async function startMail(): Promise<Service> {
  const MailDev = (await import('maildev')).default;
  const maildev = new MailDev({
    smtp: port('SMTP_PORT'),
    web: port('MAIL_WEB_PORT'),
    ip: HOST,
    silent: true,
    mailDirectory: path.join(dataDir(), 'mail'),
  });
  await new Promise<void>((resolve, reject) => maildev.listen((err) => (err ? reject(err) : resolve())));
  return {
    name: 'Mail inbox (maildev)',
    url: `http://${HOST}:${port('MAIL_WEB_PORT')}`,
    stop: () => new Promise<void>((resolve) => maildev.close(() => resolve())),
  };
}

/** Cognito-compatible server (cognito-local, made strict by cognito-strict.cjs) as a child process; its data lives in .local/cognito/.cognito. */
export async function startCognito(): Promise<Service> {
  const cwd = path.join(dataDir(), 'cognito');
  mkdirSync(path.join(cwd, '.cognito'), { recursive: true });
  // cognito-local's default makes usernames e-mails; our pool signs in by username or e-mail (spec 001 s.2).
  writeFileSync(
    path.join(cwd, '.cognito', 'config.json'),
    JSON.stringify({ UserPoolDefaults: { UsernameAttributes: [] } }, null, 2),
  );
  // cognito-local made as strict as AWS where the product relies on it (sessions ending; see the file).
  const bin = path.join(__dirname, 'cognito-strict.cjs');
  const child: ChildProcess = spawn(process.execPath, [bin], {
    cwd,
    env: { ...process.env, PORT: String(port('COGNITO_PORT')), HOST },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Never leave the child behind, even if this process ends without running its stop hooks.
  process.once('exit', () => child.kill('SIGTERM'));
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await waitForPort(
    port('COGNITO_PORT'),
    20_000,
    () => child.exitCode !== null,
    () => output,
  );
  return {
    name: 'Cognito (cognito-local)',
    url: `http://${HOST}:${port('COGNITO_PORT')}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function waitForPort(wanted: number, timeoutMs: number, exited: () => boolean, output: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`cognito-local exited:\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(wanted, HOST, () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for port ${wanted}:\n${output()}`);
}
