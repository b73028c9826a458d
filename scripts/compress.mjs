// Precompression for static hosts: writes FILE.gz next to every compressible
// file of a release build, with zopfli (a gzip encoder that searches harder than
// zlib -9: the wasm is ~6% smaller, and any browser decodes it). Hosts that
// serve precompressed files (nginx `gzip_static on`, Caddy `precompressed gzip`,
// tests/e2e/serve.mjs) send these; others compress on their own and ignore them.
// Run by scripts/post-build.mjs last, after sw.js is written: the .gz files are
// not in the service worker's precache list (the browser caches decoded bodies).
//
//   node scripts/compress.mjs DIR      (what the hook does, for any folder)
import { readFileSync, writeFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { gzip } from '@gfx/zopfli';
import { walk } from './files.mjs';

/** What is worth compressing (images in the build are SVG; PNGs are compressed already). */
export const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.wasm', '.json', '.webmanifest', '.svg', '.txt']);
/** zopfli iterations: 15 gets within 0.1% of 100 at a third of the time (BENCHMARKS.md). */
const ITERATIONS = 15;

function zopfli(bytes) {
  return new Promise((ok, fail) =>
    gzip(bytes, { numiterations: ITERATIONS }, (err, out) => (err ? fail(err) : ok(Buffer.from(out)))),
  );
}

/**
 * Writes FILE.gz for each compressible file under `dir` that gets smaller
 * (a tiny file can grow): zopfli's output, or zlib -9's when that is smaller
 * (it can be, by a byte or two, on a file of a few hundred bytes).
 * Returns [{ file, bytes, zlib9, gz }].
 */
export async function compressDir(dir) {
  const rows = [];
  for (const file of walk(dir).filter((f) => COMPRESSIBLE.has(extname(f).toLowerCase())).sort()) {
    const bytes = readFileSync(file);
    const zlib9 = gzipSync(bytes, { level: 9 });
    const best = [await zopfli(bytes), zlib9].reduce((a, b) => (b.length < a.length ? b : a));
    if (best.length >= bytes.length) continue;
    writeFileSync(`${file}.gz`, best);
    rows.push({ file, bytes: bytes.length, zlib9: zlib9.length, gz: best.length });
  }
  return rows;
}

// Command line use.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node scripts/compress.mjs DIR');
    process.exit(2);
  }
  const rows = await compressDir(dir);
  const sum = (k) => rows.reduce((s, r) => s + r[k], 0);
  console.log(`${rows.length} files precompressed: ${sum('bytes')} bytes, gzip -9 ${sum('zlib9')}, zopfli ${sum('gz')}`);
}
