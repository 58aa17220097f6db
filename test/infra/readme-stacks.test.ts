import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { synthTracking } from './synth';

/** The README's "What runs where" section lists the stacks an operator deploys; every stack of the app is named there. */
const stacksParagraph = () => {
  const readme = readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
  const paragraph = /^Stacks: [\s\S]*?(?=\n\n)/m.exec(readme)?.[0];
  if (!paragraph) throw new Error('README.md has no "Stacks:" paragraph');
  return paragraph.toLowerCase();
};

describe('README stack list', () => {
  it('names every stack the app deploys', () => {
    const { app } = synthTracking();
    const suffixes = app.node.children
      .filter((child): child is Stack => Stack.isStack(child))
      .map((stack) => stack.stackName.split('-').at(-1) as string);
    expect(suffixes.length).toBeGreaterThanOrEqual(7);
    const paragraph = stacksParagraph();
    const missing = suffixes.filter((suffix) => !new RegExp(`\\b${suffix.toLowerCase()}\\b`).test(paragraph));
    expect(missing).toEqual([]);
  });
});
