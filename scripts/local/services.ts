import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ATTACHMENTS_BUCKET, dataDir, HOST, port } from './config';
import { startTransactionFront } from './dynamo-transactions';

/** A running local service and how to stop it. */
export interface Service {
  name: string;
  url: string;
  stop(): Promise<void>;
}

const closeServer = (server: { close(cb: (err?: Error) => void): unknown }) =>
  new Promise<void>((resolve) => server.close(() => resolve()));

/** DynamoDB-compatible server (dynalite on LevelDB), persisted under .local/dynamodb. */
export async function startDynamo(): Promise<Service> {
  const dynalite = (await import('dynalite')).default;
  const directory = path.join(dataDir(), 'dynamodb');
  mkdirSync(directory, { recursive: true });
  const backend = dynalite({ path: directory, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  // Port 0: the OS picks the backend's port as it binds, so it can never take a port chosen for another
  // service of this stack that is not bound yet (launch-stack.ts chooses them all before the start).
  await new Promise<void>((resolve) => backend.listen(0, HOST, () => resolve()));
  const backendPort = (backend.address() as net.AddressInfo).port;
  const front = await startTransactionFront({
    port: port('DYNAMODB_PORT'),
    host: HOST,
    backendUrl: `http://${HOST}:${backendPort}`,
    undoFile: path.join(directory, 'transaction-undo.json'),
  });
  return {
    name: 'DynamoDB (dynalite + transactions)',
    url: `http://${HOST}:${port('DYNAMODB_PORT')}`,
    stop: async () => {
      await closeServer(front);
      await closeServer(backend);
    },
  };
}

/** S3-compatible server (s3rver) with the attachments bucket and CORS for the console's origin. */
export async function startS3(consoleOrigins: string[]): Promise<Service> {
  const S3rver = (await import('s3rver')).default;
  if (consoleOrigins.length === 0) throw new Error('startS3 needs at least one console origin for CORS');
  const directory = path.join(dataDir(), 's3');
  mkdirSync(directory, { recursive: true });
  const rules = consoleOrigins
    .map(
      (origin) =>
        `<CORSRule><AllowedOrigin>${origin}</AllowedOrigin>${['GET', 'PUT', 'HEAD', 'DELETE']
          .map((m) => `<AllowedMethod>${m}</AllowedMethod>`)
          .join(
            '',
          )}<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule>`,
    )
    .join('');
  const server = new S3rver({
    port: port('S3_PORT'),
    address: HOST,
    directory,
    silent: true,
    configureBuckets: [{ name: ATTACHMENTS_BUCKET, configs: [`<CORSConfiguration>${rules}</CORSConfiguration>`] }],
  });
  await server.run();
  return { name: 'S3 (s3rver)', url: `http://${HOST}:${port('S3_PORT')}`, stop: () => server.close() };
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

/** Cognito-compatible server (cognito-local) as a child process; its data lives in .local/cognito/.cognito. */
export async function startCognito(): Promise<Service> {
  const cwd = path.join(dataDir(), 'cognito');
  mkdirSync(path.join(cwd, '.cognito'), { recursive: true });
  // cognito-local's default makes usernames e-mails; our pool signs in by username or e-mail (spec 001 s.2).
  writeFileSync(
    path.join(cwd, '.cognito', 'config.json'),
    JSON.stringify({ UserPoolDefaults: { UsernameAttributes: [] } }, null, 2),
  );
  const bin = require.resolve('cognito-local/lib/bin/start.js');
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
