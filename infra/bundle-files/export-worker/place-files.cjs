// Run after esbuild bundles a Lambda that draws PDFs or Excel files (CDK commandHooks.afterBundling, and
// test/infra/bundle-size.test.ts): `node place-files.cjs <repo root> <bundle dir> <writer.ts>...`, each writer a
// repo-relative TypeScript entry built as <its name>.js beside index.js. Plain CommonJS so that it runs wherever
// CDK bundles. Used by the export worker (infra/constructs/export-worker-bundling.ts) and the labels handler
// (infra/constructs/labels-bundling.ts), so both place the same fonts and stand-ins.
//
// pdfkit loads its standard fonts (Helvetica's metrics) at run time through createRequire('#standard-fonts/…'),
// which esbuild cannot follow: the fonts are copied next to the bundle and named in a package.json "imports"
// map, the way pdfkit's own package.json names them. fontkit (embedded TrueType fonts) and brotli (WOFF2) are
// left out of the bundle: the writers draw only the standard fonts, so tiny stand-ins that refuse are enough.
//
// The writers are files of their own so that index.js stays under 1 MB; it requires them on first use. Their
// options are those of the Lambdas' own bundles (nodeFunctionBase): keep them alike.
const fs = require('node:fs');
const path = require('node:path');

const [root, out, ...writers] = process.argv.slice(2);
if (!root || !out || writers.length === 0)
  throw new Error('usage: place-files.cjs <repo root> <bundle dir> <writer.ts>...');
const fonts = path.join(root, 'node_modules', 'pdfkit', 'js', 'standard-fonts');
fs.cpSync(fonts, path.join(out, 'standard-fonts'), {
  recursive: true,
  filter: (file) => !file.endsWith('.mjs'),
});
fs.writeFileSync(
  path.join(out, 'package.json'),
  `${JSON.stringify({ private: true, imports: { '#standard-fonts/*': './standard-fonts/*.cjs' } }, null, 2)}\n`,
);
const refuse = (what) =>
  `module.exports = new Proxy({}, { get: () => () => { throw new Error('${what} is not part of this bundle'); } });\n`;
for (const [name, file, what] of [
  ['fontkit', 'index.js', 'Embedding a font'],
  ['brotli', 'decompress.js', 'WOFF2'],
]) {
  const dir = path.join(out, 'node_modules', name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, file), refuse(what));
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name, main: file })}\n`);
}

const { buildSync } = require('esbuild');
for (const writer of writers) {
  buildSync({
    entryPoints: [path.join(root, writer)],
    outfile: path.join(out, `${path.basename(writer, '.ts')}.js`),
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
}
