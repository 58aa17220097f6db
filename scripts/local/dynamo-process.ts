import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { dataDir, HOST, port } from './config';
import { dynaliteChannel } from './dynalite-channel';
import { installNativeChecksum } from './dynalite-checksum';
import { cacheDynaliteTables } from './dynalite-table-cache';
import { startTransactionFront } from './dynamo-transactions';

/**
 * The DynamoDB stand-in in a process of its own (forked by startDynamo in services.ts): dynalite on LevelDB
 * behind the transaction front. Every handler of the stack reaches it over HTTP anyway; in its own process it
 * parses, checks and stores on the machine's second core instead of the thread that runs the gateway and the
 * handlers (under the test suite's load that thread was the whole stack's limit). It tells its parent "ready"
 * over the IPC channel and ends when the parent goes, however the parent ended.
 */
async function serve() {
  cacheDynaliteTables();
  installNativeChecksum();
  const dynalite = (await import('dynalite')).default;
  const directory = path.join(dataDir(), 'dynamodb');
  mkdirSync(directory, { recursive: true });
  // A test run's stack is thrown away when the run ends: its table lives in memory (no LevelDB writes and
  // compactions that nobody reads back; about an eighth of this process's time in an integration run).
  const inMemory = process.env.LOCAL_DYNAMO_IN_MEMORY === 'true';
  const backend = dynalite({
    path: inMemory ? undefined : directory,
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  // The front hands dynalite its requests in this process (dynalite-channel.ts); dynalite's server listens only
  // because closing it is what closes its store (a server that never listened refuses to close). Port 0: the
  // OS picks a port as it binds, never one chosen for another service of this stack.
  await new Promise<void>((resolve) => backend.listen(0, HOST, () => resolve()));
  const front = await startTransactionFront({
    port: port('DYNAMODB_PORT'),
    host: HOST,
    dynalite: dynaliteChannel(backend),
    undoFile: path.join(directory, 'transaction-undo.json'),
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    front.closeAllConnections();
    // LevelDB flushes and releases its lock when the server closes; then the process may end.
    front.close(() => backend.close(() => process.exit(0)));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
  process.send?.('ready');
}

serve().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
