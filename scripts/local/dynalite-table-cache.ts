/**
 * dynalite reads its table's description from its store and parses it (JSON, about 10 KB with the table's
 * eighteen indexes) at the start of every item operation: a tenth of a millisecond each, and a handler's
 * request makes several. In the request sweep that was a quarter of the DynamoDB stand-in's time. Item
 * operations (a get without a status flag) are answered from a copy kept per table, parsed once; the table
 * operations (create, update, delete, describe: `getTable(name, false, cb)`) still read the store, and every
 * write of a description drops the copy, so a changed table is read afresh. Item operations never change the
 * description they are given (dynalite's actions assign to it only in the table operations).
 */
type Callback = (error: Error | null, table?: unknown) => void;
interface Store {
  getTable(name: string, checkStatus: boolean | Callback, callback?: Callback): void;
  tableDb: {
    put(key: string, value: unknown, ...rest: unknown[]): unknown;
    del(key: string, ...rest: unknown[]): unknown;
  };
}

function withCachedTables(store: Store): Store {
  const tables = new Map<string, unknown>();
  const getTable = store.getTable.bind(store);
  store.getTable = (name, checkStatus, callback) => {
    if (typeof checkStatus !== 'function') return getTable(name, checkStatus, callback);
    const cached = tables.get(name);
    if (cached) return process.nextTick(checkStatus, null, cached);
    getTable(name, (error, table) => {
      // Only an active table: one being created or deleted is read again until it settles.
      if (!error && (table as { TableStatus?: string }).TableStatus === 'ACTIVE') tables.set(name, table);
      checkStatus(error, table);
    });
  };
  const { put, del } = store.tableDb;
  store.tableDb.put = (key, ...rest) => {
    tables.delete(key);
    return put.call(store.tableDb, key, ...rest);
  };
  store.tableDb.del = (key, ...rest) => {
    tables.delete(key);
    return del.call(store.tableDb, key, ...rest);
  };
  return store;
}

/** Makes every dynalite server created after this call keep its table descriptions (see above). */
export function cacheDynaliteTables(): void {
  const db = require('dynalite/db') as { create(options: unknown): Store; tablesCached?: boolean };
  if (db.tablesCached) return;
  const create = db.create;
  db.create = (options) => withCachedTables(create(options));
  db.tablesCached = true;
}
