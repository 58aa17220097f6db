import { writeFileSync } from 'node:fs';
import { STACK_FILE, startStack } from './stack';

export default async function globalSetup() {
  const info = await startStack({ web: false });
  writeFileSync(STACK_FILE, JSON.stringify(info));
}
