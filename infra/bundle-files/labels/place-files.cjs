// Run after esbuild bundles the labels handler (CDK commandHooks.afterBundling, and test/infra/bundle-size.test.ts):
// `node place-files.cjs <repo root> <bundle dir>`. Plain CommonJS so that it runs wherever CDK bundles.
//
// The label sheet writer (functions/lib/labels/label-pdf.ts: pdfkit, qrcode, bwip-js, ~3 MB) is built here as
// label-pdf.js beside index.js, which requires it when a sheet is drawn, so index.js stays under 1 MB. pdfkit's
// standard fonts and the fontkit / brotli stand-ins are placed as the export worker's are
// (infra/bundle-files/export-worker/place-files.cjs, which says why): keep the two alike.
const fs = require('node:fs');
const path = require('node:path');

const [root, out] = process.argv.slice(2);
if (!root || !out) throw new Error('usage: place-files.cjs <repo root> <bundle dir>');
fs.cpSync(path.join(root, 'node_modules', 'pdfkit', 'js', 'standard-fonts'), path.join(out, 'standard-fonts'), {
  recursive: true,
  filter: (file) => !file.endsWith('.mjs'),
});
fs.writeFileSync(
  path.join(out, 'package.json'),
  `${JSON.stringify({ private: true, imports: { '#standard-fonts/*': './standard-fonts/*.cjs' } }, null, 2)}\n`,
);
const refuse = (what) =>
  `module.exports = new Proxy({}, { get: () => () => { throw new Error('${what} is not part of the labels'); } });\n`;
for (const [name, file, what] of [
  ['fontkit', 'index.js', 'Embedding a font'],
  ['brotli', 'decompress.js', 'WOFF2'],
]) {
  const dir = path.join(out, 'node_modules', name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, file), refuse(what));
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name, main: file })}\n`);
}

require('esbuild').buildSync({
  entryPoints: [path.join(root, 'functions', 'lib', 'labels', 'label-pdf.ts')],
  outfile: path.join(out, 'label-pdf.js'),
  bundle: true,
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  format: 'cjs',
  platform: 'node',
  target: 'node22',
  external: ['@aws-sdk/*', 'fontkit', 'brotli'],
  // pdfkit's ESM build reads import.meta.url: this file's own URL, so createRequire finds the fonts above.
  banner: { js: "const __bundle_url=require('url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__bundle_url' },
  logLevel: 'error',
});
