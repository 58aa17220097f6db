import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { type BuildOptions, build } from 'esbuild';
import { CODEC_MODULES, PLACE_WASM_SCRIPT } from '../../infra/constructs/codec-bundling';
import {
  EXPORT_WORKER_BANNER,
  EXPORT_WORKER_DEFINE,
  EXPORT_WORKER_EXTERNALS,
  EXPORT_WORKER_SPLIT,
  EXPORT_WORKER_WRITERS,
} from '../../infra/constructs/export-worker-bundling';
import { REPO_ROOT } from '../../infra/constructs/handler-function';
import { LABELS_SPLIT, LABELS_WRITERS } from '../../infra/constructs/labels-bundling';
import { PLACE_FILES_SCRIPT } from '../../infra/constructs/writer-bundles';
import { HANDLER_GRANTS } from '../../infra/handler-grants';

/**
 * Lambda bundles stay at or under 1 MB, and only the export worker carries the file writers
 * (pdfkit, exceljs and what they pull in). Each entry of infra/handler-grants.ts is bundled with the options
 * CDK's NodejsFunction gives esbuild (infra/constructs/handler-function.ts nodeFunctionBase: minified,
 * CommonJS, node22, the AWS SDK external; the export worker with export-worker-bundling.ts); the bundle is
 * index.js (the source map is a file of its own). Offline and without Docker, like `npm run synth`.
 */
const LIMIT_BYTES = 1024 * 1024;
/**
 * Bundles known to be over the limit, each with the ceiling it may not pass and why (docs/performance.md
 * "Lambda bundles"): a new one over 1 MB, or one of these growing, fails.
 */
const KNOWN_OVER: Record<string, { ceilingKb: number; why: string }> = {
  assets: {
    ceilingKb: 1095,
    why:
      'the largest handler carries the whole route table with every contract schema (shared/route-contracts.ts), ' +
      'which grew with alarm notices, report kinds, utilisation and Web Push, then the history, evidence, report ' +
      'checks, share links, area search, labels and rental contracts routes, then the asset import (its planning and ' +
      "csv-parse, ~43 kB) and bulk edit (its job store and worker hand-off); zod's locales are 258 kB of it. The " +
      "export kinds' rows and words are the export worker's only (functions/lib/exports/export-runs.ts)",
  },
};
/**
 * Packages no index.js may contain (a cold start of every HTTP handler would pay for them): the export worker's
 * writers are files of their own beside its index.js (place-files.cjs), loaded when an Excel or PDF is written.
 */
const WRITER_PACKAGES = ['pdfkit', 'exceljs', 'fontkit', 'jszip', 'archiver', 'unzipper'];
const WORKER = 'export-worker';
/**
 * The export kinds' rows (headers, words, cells): the routes that start an export check the request through the
 * registry (functions/lib/exports/export-lists.ts); only the worker builds the rows.
 */
const EXPORT_ROWS = 'functions/lib/exports/export-runs.ts';
/**
 * Bundled as the export worker is, with the writers beside index.js: the worker, the report job (scheduled-job.ts)
 * and the report subscriptions' API (Send now builds the report; infra/stacks/api-stack.ts).
 */
const EXPORT_BUNDLED = [WORKER, 'job-report-subscriptions', 'report-subscriptions'];
/** The QuickJS loader whose .wasm only the codec Lambdas get beside their bundle (infra/constructs/codec-bundling.ts). */
const SANDBOX_PACKAGE = '@jitl/quickjs-wasmfile-release-sync';
/** The variant with the WebAssembly inlined as base64: no bundle may carry it again. */
const INLINED_SANDBOX = '@jitl/quickjs-singlefile-cjs-release-sync';

const packageOf = (input: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];

const optionsOf = (name: string): BuildOptions => ({
  bundle: true,
  minify: true,
  format: 'cjs',
  platform: 'node',
  target: 'node22',
  external: [
    '@aws-sdk/*',
    ...(EXPORT_BUNDLED.includes(name) ? [...EXPORT_WORKER_EXTERNALS, ...EXPORT_WORKER_SPLIT] : []),
    // The labels' PDF writer is a file of its own beside index.js (infra/constructs/labels-bundling.ts).
    ...(name === 'labels' ? LABELS_SPLIT : []),
  ],
  ...(EXPORT_BUNDLED.includes(name) ? { banner: { js: EXPORT_WORKER_BANNER }, define: EXPORT_WORKER_DEFINE } : {}),
  logLevel: 'silent',
});

async function bundle(name: string, entry: string) {
  const result = await build({
    ...optionsOf(name),
    entryPoints: [path.join(REPO_ROOT, entry)],
    write: false,
    metafile: true,
  });
  const packages = new Set(
    Object.keys(result.metafile.inputs)
      .map(packageOf)
      .filter((pkg): pkg is string => !!pkg),
  );
  const rows = Object.keys(result.metafile.inputs).some((input) => input.endsWith(EXPORT_ROWS));
  return { kb: Math.round((result.outputFiles[0]?.contents.byteLength ?? 0) / 1024), packages, rows };
}

const ENTRIES = Object.entries(HANDLER_GRANTS).map(([name, grants]) => [name, grants.entry] as const);

describe('Lambda bundles (esbuild as CDK runs it)', () => {
  it.each(ENTRIES)(
    '%s (%s): at most 1 MB, no file writers nor export rows, QuickJS only as a file',
    async (name, entry) => {
      const { kb, packages, rows } = await bundle(name, entry);
      const ceilingKb = KNOWN_OVER[name]?.ceilingKb ?? LIMIT_BYTES / 1024;
      expect({ name, kb, withinCeiling: kb <= ceilingKb }).toEqual({ name, kb, withinCeiling: true });
      const writers = WRITER_PACKAGES.filter((pkg) => packages.has(pkg));
      expect({ name, writers }).toEqual({ name, writers: [] });
      expect({ name, rows }).toEqual({ name, rows: name === WORKER });
      // A bundle that runs codecs without the hook would look for a .wasm that is not there (a failure at run time).
      expect({ name, sandbox: packages.has(SANDBOX_PACKAGE) }).toEqual({ name, sandbox: CODEC_MODULES.includes(name) });
      expect({ name, inlined: packages.has(INLINED_SANDBOX) }).toEqual({ name, inlined: false });
    },
  );

  it('lists no bundle as over the limit that is not', async () => {
    for (const name of Object.keys(KNOWN_OVER)) {
      const { kb } = await bundle(name, HANDLER_GRANTS[name as keyof typeof HANDLER_GRANTS].entry);
      expect({ name, over: kb > LIMIT_BYTES / 1024 }).toEqual({ name, over: true });
    }
  });

  it('the bundled codec sandbox loads its WebAssembly from beside the bundle and decodes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'codec-bundle-'));
    try {
      const result = await build({
        ...optionsOf('pipeline-processor'),
        entryPoints: [path.join(__dirname, 'fixtures', 'codec-bundle-entry.ts')],
        write: false,
      });
      writeFileSync(path.join(dir, 'index.js'), result.outputFiles[0]?.contents ?? '');
      execFileSync(process.execPath, [path.join(REPO_ROOT, PLACE_WASM_SCRIPT), REPO_ROOT, dir]);
      const output = execFileSync(process.execPath, [path.join(dir, 'index.js')], { cwd: dir, encoding: 'utf8' });
      expect(JSON.parse(output.trim())).toEqual({ data: { t: 258 }, warnings: [], errors: [] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the PDF and Excel writers, bundles of their own beside index.js, load and write outside the repository (pdfkit finds its fonts)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'export-worker-bundle-'));
    try {
      const result = await build({
        ...optionsOf(WORKER),
        entryPoints: [path.join(__dirname, 'fixtures', 'pdf-bundle-entry.ts')],
        write: false,
      });
      writeFileSync(path.join(dir, 'index.js'), result.outputFiles[0]?.contents ?? '');
      execFileSync(process.execPath, [
        path.join(REPO_ROOT, PLACE_FILES_SCRIPT),
        REPO_ROOT,
        dir,
        ...EXPORT_WORKER_WRITERS,
      ]);
      const output = execFileSync(process.execPath, [path.join(dir, 'index.js')], { cwd: dir, encoding: 'utf8' });
      const written = JSON.parse(output.trim()) as { pdf: string; pdfBytes: number; excelBytes: number };
      for (const file of ['index.js', ...EXPORT_WORKER_SPLIT.map((split) => `${split}.js`)])
        expect({ file, within: statSync(path.join(dir, file)).size <= LIMIT_BYTES }).toEqual({ file, within: true });
      expect(written.pdf).toBe('%PDF-');
      expect(written.pdfBytes).toBeGreaterThan(500);
      expect(written.excelBytes).toBeGreaterThan(500);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the label writer, a bundle of its own beside index.js, loads and draws outside the repository', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'labels-bundle-'));
    try {
      const result = await build({
        ...optionsOf('labels'),
        entryPoints: [path.join(__dirname, 'fixtures', 'labels-bundle-entry.ts')],
        write: false,
      });
      writeFileSync(path.join(dir, 'index.js'), result.outputFiles[0]?.contents ?? '');
      execFileSync(process.execPath, [path.join(REPO_ROOT, PLACE_FILES_SCRIPT), REPO_ROOT, dir, ...LABELS_WRITERS]);
      const output = execFileSync(process.execPath, [path.join(dir, 'index.js')], { cwd: dir, encoding: 'utf8' });
      const written = JSON.parse(output.trim()) as { pdf: string; pdfBytes: number };
      expect(statSync(path.join(dir, 'index.js')).size).toBeLessThan(LIMIT_BYTES);
      expect(written.pdf).toBe('%PDF-');
      expect(written.pdfBytes).toBeGreaterThan(2000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
