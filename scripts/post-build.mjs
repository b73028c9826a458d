// Trunk post-build hook (Trunk.toml). One script, because Trunk runs the hooks
// of a stage concurrently and the order matters: a release build's JavaScript
// is minified first (scripts/minify-js.mjs), then the service worker is written
// with a cache version hashed from the final files (scripts/precache.mjs);
// last, every compressible file gets a zopfli FILE.gz beside it for static hosts
// that serve precompressed files (scripts/compress.mjs).
import { join } from 'node:path';
import { compressDir } from './compress.mjs';
import { minifyFile, minifyGlue } from './minify-js.mjs';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('run me as a Trunk post_build hook (TRUNK_STAGING_DIR is unset)');
// MINIFY_JS=0 keeps the JavaScript as Trunk wrote it (to read or profile a release build).
if (process.env.TRUNK_PROFILE === 'release' && process.env.MINIFY_JS !== '0') {
  const glue = await minifyGlue(dir);
  console.log(
    `${glue.from} -> ${glue.to}: ${glue.bytes[0]} -> ${glue.bytes[1]} bytes; ` +
      `index.html: ${glue.references} references and ${glue.integrity} integrity hash(es) updated`,
  );
  const boot = await minifyFile(join(dir, 'boot.js'));
  console.log(`${boot.file}: ${boot.bytes[0]} -> ${boot.bytes[1]} bytes`);
}
await import('./precache.mjs');
// PRECOMPRESS=0 skips the .gz files (a few seconds of a release build).
if (process.env.TRUNK_PROFILE === 'release' && process.env.PRECOMPRESS !== '0') {
  const rows = await compressDir(dir);
  const sum = (k) => rows.reduce((s, r) => s + r[k], 0);
  console.log(`${rows.length} files precompressed (zopfli): ${sum('zlib9')} bytes at gzip -9 -> ${sum('gz')}`);
}
