// The local stand-ins ship no type declarations; only what scripts/local uses is declared here.
declare module 'dynalite' {
  // An http.Server (https with the ssl option, which the stack does not use).
  import type { Server } from 'node:http';
  export default function dynalite(options: {
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
  }): Server;
}
declare module 's3rver' {
  export default class S3rver {
    constructor(options: object);
    run(): Promise<unknown>;
    close(): Promise<void>;
  }
}
declare module 'maildev' {
  export default class MailDev {
    constructor(options: object);
    listen(cb: (err?: Error) => void): void;
    close(cb: () => void): void;
  }
}
