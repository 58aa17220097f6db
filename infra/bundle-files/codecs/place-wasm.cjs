// Run after esbuild bundles a Lambda that runs payload codecs (CDK commandHooks.afterBundling, and
// test/infra/bundle-size.test.ts): `node place-wasm.cjs <repo root> <bundle dir>`. Plain CommonJS so that it
// runs wherever CDK bundles. The QuickJS WebAssembly is a file of its own rather than base64 in index.js (bundles
// stay at or under 1 MB); Emscripten's loader reads it from its own directory, which in the bundle is the bundle's
// directory.
const fs = require('node:fs');
const path = require('node:path');

const [root, out] = process.argv.slice(2);
if (!root || !out) throw new Error('usage: place-wasm.cjs <repo root> <bundle dir>');
const wasm = 'emscripten-module.wasm';
const dist = path.join(root, 'node_modules', '@jitl', 'quickjs-wasmfile-release-sync', 'dist');
fs.copyFileSync(path.join(dist, wasm), path.join(out, wasm));
