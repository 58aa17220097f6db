import { rmSync } from 'node:fs';
import { dataDir } from './local/config';

/** `npm run reset`: wipes the local stack's data; the next `npm start` seeds the demo data again. */
rmSync(dataDir(), { recursive: true, force: true });
console.log(`Removed ${dataDir()}. The next npm start seeds fresh demo data.`);
