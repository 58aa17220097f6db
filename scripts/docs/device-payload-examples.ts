import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DECODER_EXAMPLES, DECODER_REJECTIONS } from '../../functions/lib/pipeline/decoders/examples';
import {
  EXAMPLE_MQTT_TOPIC,
  EXAMPLE_RECEIVED_AT,
  WAY_IN_EXAMPLES,
} from '../../functions/lib/pipeline/ways-in/examples';
import { WAY_IN_REJECTIONS } from '../../functions/lib/pipeline/ways-in/rejection-examples';
import { markdownTable } from '../bench/markdown-table';

/**
 * The example sections of docs/device-payloads.md, generated from the vectors the unit tests decode
 * (functions/lib/pipeline/{decoders,ways-in}/examples.ts). `npx tsx scripts/docs/device-payload-examples.ts`
 * rewrites the blocks between the `<!-- examples:… -->` markers; test/unit/pipeline-decoders.test.ts fails
 * when the document and the vectors differ.
 */
export const DEVICE_PAYLOADS_DOC = path.resolve(__dirname, '../../docs/device-payloads.md');

const json = (value: unknown) => ['```json', JSON.stringify(value, null, 2), '```'].join('\n');

export function renderDecoderExamples(): string {
  const examples = DECODER_EXAMPLES.flatMap((e) => [
    `**${e.title}**: \`${e.hex}\`${e.fPort === undefined ? '' : ` on port ${e.fPort}`} decodes to`,
    '',
    json(e.decoded),
    '',
  ]);
  const rejections = markdownTable(
    [{ heading: 'input' }, { heading: 'format' }, { heading: 'port' }, { heading: 'reason' }],
    DECODER_REJECTIONS.map((r) => [
      `${r.title}: \`${r.hex || '(empty)'}\``,
      r.format,
      r.fPort ?? '',
      `\`${r.reason}\``,
    ]),
  );
  return [...examples, 'Rejected, with the reason recorded on the rejected event:', '', ...rejections].join('\n');
}

export function renderWayInExamples(): string {
  const examples = WAY_IN_EXAMPLES.flatMap((e) => [
    e.wayIn === 'mqtt' ? `**${e.title}**, on \`${e.topic ?? EXAMPLE_MQTT_TOPIC}\`` : `**${e.title}**`,
    '',
    json(e.body),
    '',
    `becomes (received at ${EXAMPLE_RECEIVED_AT}):`,
    '',
    json(e.uplinks),
    '',
  ]);
  const rejections = markdownTable(
    [{ heading: 'body' }, { heading: 'reason (starts with)' }],
    WAY_IN_REJECTIONS.map((r) => [`${r.title}${r.topic ? ` (on \`${r.topic}\`)` : ''}`, `\`${r.reason}\``]),
  );
  return [...examples, 'Refused by the way in (nothing is queued):', '', ...rejections].join('\n');
}

export function replaceBlock(document: string, name: string, content: string): string {
  const start = `<!-- examples:${name} -->`;
  const end = `<!-- /examples:${name} -->`;
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/device-payloads.md lacks the ${start} markers`);
  return `${document.slice(0, from)}${start}\n\n${content.trim()}\n\n${document.slice(to)}`;
}

/** Table padding is biome's (it aligns columns): compare without it. */
export const withoutPadding = (text: string): string =>
  text
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' ').replace(/-{3,}/g, '---'))
    .join('\n');

/** The text between the markers. */
export function readBlock(document: string, name: string): string {
  const start = `<!-- examples:${name} -->`;
  const from = document.indexOf(start);
  const to = document.indexOf(`<!-- /examples:${name} -->`);
  return from < 0 || to < from ? '' : document.slice(from + start.length, to).trim();
}

if (require.main === module) {
  let document = readFileSync(DEVICE_PAYLOADS_DOC, 'utf8');
  document = replaceBlock(document, 'decoders', renderDecoderExamples());
  document = replaceBlock(document, 'ways-in', renderWayInExamples());
  writeFileSync(DEVICE_PAYLOADS_DOC, document);
  // Linted with the repository: biome aligns the tables, so the file is left as lint wants it.
  execFileSync(process.execPath, [
    require.resolve('@biomejs/biome/bin/biome'),
    'format',
    '--write',
    DEVICE_PAYLOADS_DOC,
  ]);
  console.log(`written ${path.relative(process.cwd(), DEVICE_PAYLOADS_DOC)}`);
}
