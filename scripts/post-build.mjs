// Trunk post-build hook (Trunk.toml). One script, because Trunk runs the hooks
// of a stage concurrently and the order matters: a release build's JavaScript
// is minified first (scripts/minify-js.mjs: the glue, boot.js, worker.js), then
// the full page's two pages are built beside the table (scripts/full-page.mjs), then the service worker is written
// with a cache version hashed from the final files (scripts/precache.mjs);
// last, every compressible file gets a zopfli FILE.gz beside it for static hosts
// that serve precompressed files (scripts/compress.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressDir } from './compress.mjs';
import { buildFullPage } from './full-page.mjs';
import { minifyFile, minifyGlue } from './minify-js.mjs';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('run me as a Trunk post_build hook (TRUNK_STAGING_DIR is unset)');
// A build once staged an empty .wasm and still reported success (an interrupted
// write in a target folder shared by several builds, as far as could be seen);
// the page then fails in every browser ("failed to match magic number"). Fail
// the build instead.
for (const name of readdirSync(dir).filter((f) => f.endsWith('.wasm'))) {
  const head = readFileSync(join(dir, name)).subarray(0, 4);
  if (!head.equals(Buffer.from([0x00, 0x61, 0x73, 0x6d]))) {
    // (An exit, not a throw: zopfli's module rethrows uncaught errors with its whole source.)
    console.error(`post-build: ${name} is not a WebAssembly module (${head.length ? `starts ${head.toString('hex')}` : 'empty'}): build again`);
    process.exit(1);
  }
}
// MINIFY_JS=0 keeps the JavaScript as Trunk wrote it (to read or profile a release build).
if (process.env.TRUNK_PROFILE === 'release' && process.env.MINIFY_JS !== '0') {
  const glue = await minifyGlue(dir);
  console.log(
    `${glue.from} -> ${glue.to}: ${glue.bytes[0]} -> ${glue.bytes[1]} bytes; ` +
      `index.html: ${glue.references} references and ${glue.integrity} integrity hash(es) updated`,
  );
  for (const name of ['boot.js', 'worker.js']) {
    const js = await minifyFile(join(dir, name));
    console.log(`${js.file}: ${js.bytes[0]} -> ${js.bytes[1]} bytes`);
  }
}
// The full page's two pages, the crate's other builds (scripts/full-page.mjs):
// before the service worker is written, so that they are precached with the rest.
const release = process.env.TRUNK_PROFILE === 'release';
const full = await buildFullPage(dir, { release, minify: release && process.env.MINIFY_JS !== '0' });
console.log(`the viewer's page: ${full.viewer.wasm}; online play's: ${full.online.wasm}; the computers': ${full.thinker.wasm}`);
await import('./precache.mjs');
// PRECOMPRESS=0 skips the .gz files (a few seconds of a release build).
if (process.env.TRUNK_PROFILE === 'release' && process.env.PRECOMPRESS !== '0') {
  const rows = await compressDir(dir);
  const sum = (k) => rows.reduce((s, r) => s + r[k], 0);
  console.log(`${rows.length} files precompressed (zopfli): ${sum('zlib9')} bytes at gzip -9 -> ${sum('gz')}`);
}
