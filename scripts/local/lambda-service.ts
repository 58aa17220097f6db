import { existsSync } from 'node:fs';
import path from 'node:path';
import { HOST, localHttpServer } from './config';
import { recordDeadLetter } from './dead-letters';

type Worker = (event: unknown) => Promise<unknown>;

const WORKERS_DIR = path.resolve(__dirname, '../../functions/workers');
const INVOKE_PATH = /^\/2015-03-31\/functions\/([a-z0-9-]+)\/invocations$/;

/**
 * The local stand-in for the Lambda service's Invoke API (POST /2015-03-31/functions/{name}/invocations),
 * so handlers reach their workers with the same @aws-sdk/client-lambda call as on AWS. A function name is a
 * module of functions/workers/ (CDK deploys each as its own Lambda). `X-Amz-Invocation-Type: Event` answers
 * 202 at once and runs the worker in the background, as Lambda's asynchronous invocation does.
 */
export async function startLambdaService(port: number, log: (line: string) => void = console.error) {
  const workers = new Map<string, Promise<Worker>>();
  const load = (name: string) => {
    if (!workers.has(name)) {
      workers.set(
        name,
        import(path.join(WORKERS_DIR, `${name}.ts`)).then((m: { handler: Worker }) => m.handler),
      );
    }
    return workers.get(name) as Promise<Worker>;
  };

  const server = localHttpServer(async (req, res) => {
    const name = INVOKE_PATH.exec(new URL(req.url ?? '/', `http://${HOST}`).pathname)?.[1];
    if (req.method !== 'POST' || !name || !existsSync(path.join(WORKERS_DIR, `${name}.ts`))) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ Type: 'User', message: `Function not found: ${name ?? req.url}` }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let event: unknown;
    try {
      event = text ? JSON.parse(text) : {};
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ Type: 'User', message: 'The payload is not JSON' }));
      return;
    }
    const run = load(name).then((worker) => worker(event));
    if (req.headers['x-amz-invocation-type'] === 'Event') {
      // As Lambda's onFailure destination: the failed run is kept, not only logged (CDK sets no retry for the
      // one async worker, the export worker, so none here either).
      run.catch((error: unknown) => {
        log(`worker ${name} failed: ${(error as Error).stack ?? String(error)}`);
        recordDeadLetter('lambda-async', { target: name, payload: event, error, attempts: 1 });
      });
      res.writeHead(202);
      res.end();
      return;
    }
    try {
      const result = await run;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(result ?? null));
    } catch (error) {
      res.writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' });
      res.end(JSON.stringify({ errorMessage: (error as Error).message }));
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => resolve());
  });
  return {
    name: 'Lambda (workers)',
    url: `http://${HOST}:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
