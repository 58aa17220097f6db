import { writeFileSync } from 'node:fs';
import { stackFile, startStack } from './stack';

export default async function globalSetup() {
  const info = await startStack({ web: true });
  writeFileSync(stackFile(), JSON.stringify(info));
}
