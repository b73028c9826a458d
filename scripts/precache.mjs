// Trunk post-build hook: writes sw.js, the service worker, into the build.
// Release builds precache every file of the build under a cache named by a
// hash of their contents, so a new build replaces the old cache cleanly.
// Debug builds (trunk serve) get a worker that caches nothing and removes
// itself, so development always sees fresh files.
// Run by scripts/post-build.mjs, after the build's JavaScript is minified; the
// release worker is minified too (scripts/minify-js.mjs; not with MINIFY_JS=0).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { walk } from './files.mjs';
import { minifyCode } from './minify-js.mjs';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('run me as a Trunk post_build hook (TRUNK_STAGING_DIR is unset)');
const release = process.env.TRUNK_PROFILE === 'release';

const files = walk(dir)
  .map((p) => relative(dir, p).split(sep).join('/'))
  .filter((f) => f !== 'sw.js')
  .sort();
const hash = createHash('sha256');
for (const f of files) hash.update(f).update(readFileSync(join(dir, f)));
const version = hash.digest('hex').slice(0, 16);
const template = readFileSync(new URL('../www/sw.template.js', import.meta.url), 'utf8');
const worker = template
  .replace('__PRECACHE__', JSON.stringify(release ? ['./', ...files.filter((f) => f !== 'index.html')] : []))
  .replace('__VERSION__', JSON.stringify(release ? version : 'dev'));
const minify = release && process.env.MINIFY_JS !== '0';
writeFileSync(join(dir, 'sw.js'), minify ? await minifyCode(worker, { module: false, name: 'sw.js' }) : worker);
console.log(`sw.js: ${release ? `${files.length} files precached, cache ${version}` : 'development (no cache)'}`);
