// Minifies the JavaScript of a release build with terser (pinned in
// package.json). Trunk 0.21's own minifier cannot parse wasm-bindgen's glue and
// never touches copied files, so scripts/post-build.mjs calls this instead
// (the glue and boot.js; sw.js is minified by precache.mjs as it writes it).
//
// Terser renames local names only and never emits eval or new Function, so the
// page's CSP (no 'unsafe-eval') still holds; the glue keeps its ES module
// exports (boot.js calls the default one; tests and benchmarks the others
// through window.wasmBindings).
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const ALGORITHMS = ['sha256', 'sha384', 'sha512'];
const sri = (algorithm, bytes) => `${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`;
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const EVAL = /\beval\b|\bFunction\s*\(/;

/** Minified `source`: an ES module (`module`) or a classic script such as a service worker. */
export async function minifyCode(source, { module, name = 'script' }) {
  // Loaded here, not at the top: debug builds (precache.mjs) never need it.
  const { minify } = await import('terser');
  const { code } = await minify(source, {
    module,
    ecma: 2020,
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  if (EVAL.test(code) && !EVAL.test(source)) throw new Error(`minified ${name} calls eval or Function: the page's CSP forbids it`);
  return code;
}

/** Minifies the ES module at `path` in place. */
export async function minifyFile(path) {
  const source = readFileSync(path, 'utf8');
  const code = await minifyCode(source, { module: true, name: basename(path) });
  writeFileSync(path, code);
  return { file: basename(path), bytes: [Buffer.byteLength(source), Buffer.byteLength(code)] };
}

/**
 * Minifies the wasm-bindgen glue that index.html in `dir` names in the loader's
 * data-js, then updates index.html: the file gets a name from its new contents
 * (one name always means the same bytes, so a copy cached from an older build
 * can never meet a newer integrity hash), and every Subresource Integrity hash
 * of the old contents becomes that of the new (Trunk puts one on the
 * <link rel=modulepreload>).
 */
export async function minifyGlue(dir) {
  const htmlPath = join(dir, 'index.html');
  let html = readFileSync(htmlPath, 'utf8');
  const ref = html.match(/\sdata-js=(?:"([^"]+)"|'([^']+)'|([^\s>]+))/);
  if (!ref) throw new Error('index.html has no data-js attribute: where is the wasm-bindgen glue?');
  // Trunk writes the glue at the top of the build, whatever the public URL.
  const oldName = basename(ref[1] ?? ref[2] ?? ref[3]);
  const oldPath = join(dir, oldName);
  const source = readFileSync(oldPath);
  const code = Buffer.from(await minifyCode(source.toString('utf8'), { module: true, name: oldName }));

  // <stem>-<hash>.js -> <stem>-<hash of the minified file>.js
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const newName = oldName.replace(/(-[0-9a-f]+)?\.js$/, `-${hash}.js`);
  const newPath = join(dir, newName);

  let integrity = 0;
  for (const algorithm of ALGORITHMS) {
    const before = sri(algorithm, source);
    integrity += html.split(before).length - 1;
    html = html.replaceAll(before, sri(algorithm, code));
  }
  const name = new RegExp(`(?<![\\w.-])${escape(oldName)}(?![\\w.-])`, 'g');
  const references = html.match(name)?.length ?? 0;
  html = html.replace(name, newName);
  // An integrity attribute left with the old hash would block the page: refuse to ship it.
  for (const tag of html.match(/<[^>]*>/g) ?? []) {
    if (tag.includes(newName) && /\sintegrity=/.test(tag) && !ALGORITHMS.some((a) => tag.includes(sri(a, code)))) {
      throw new Error(`index.html: the integrity hash of ${newName} was not updated: ${tag}`);
    }
  }

  writeFileSync(newPath, code);
  if (newPath !== oldPath) rmSync(oldPath);
  writeFileSync(htmlPath, html);
  return { from: oldName, to: newName, bytes: [source.length, code.length], references, integrity };
}
