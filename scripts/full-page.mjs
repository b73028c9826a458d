// The full page, in two pages: the crate built twice more beside the table
// alone, with the Cargo feature `viewer` (the replay viewer with rules-site
// links and the deal review) and with `online` (play with friends on other
// devices); no visit needs both. Trunk 0.21 builds one wasm-bindgen module,
// the table alone, which every visit loads first; scripts/post-build.mjs calls
// this to build the other two the same way (cargo, wasm-bindgen, wasm-opt in
// release, the glue minified) into the same folder, under names hashed from
// their contents, and names them on the loader's tag (data-viewer-js,
// data-viewer-wasm, data-online-js, data-online-wasm, and data-full-css for
// www/full.css, which both pages use).
//
// It also writes each page's own document: viewer.html and online.html,
// index.html with that page's files preloaded in place of the table's, and the
// loader told which page it is (data-page). The links each page is for point
// to its document (rules-site links and embeds to the viewer's; invites and
// replies to online play's), and the table hands over to them, so that a
// document fetches only its own build from the start; www/boot.js also opens
// them from index.html (`?r=`; `#j=`, `#r=`), without their preloads.
// full.html, the full page's one document before it was split, is written as
// a copy of viewer.html: the links and embeds rules sites already have name it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minifyCode } from './minify-js.mjs';
import { FULL_PAGES, OLDER_DOCUMENT, THINKER } from './pages.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** wasm-opt's arguments as Trunk passes them for the table (www/index.html's rust link). */
function tableWasmOpt() {
  const html = readFileSync(join(root, 'www', 'index.html'), 'utf8');
  const link = html.match(/<link\s+data-trunk\s+rel="rust"[^>]*>/s)?.[0] ?? '';
  const attr = (name) => link.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
  const level = attr('data-wasm-opt');
  if (!level) throw new Error('www/index.html names no data-wasm-opt level on its rust link');
  return [`-O${level}`, ...(attr('data-wasm-opt-params') ?? '').split(/\s+/).filter(Boolean)];
}

/** Builds the full page's two pages into `dir` (Trunk's staging folder); returns their file names. */
export async function buildFullPage(dir, { release, minify }) {
  let css = readFileSync(join(root, 'www', 'full.css'), 'utf8');
  // Comments and runs of white space taken out in release.
  if (release) css = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ').replace(/\s*([{};:,>])\s*/g, '$1').trim();
  const cssName = `full-${hash(css)}.css`;
  writeFileSync(join(dir, cssName), css);
  const pages = {};
  for (const page of FULL_PAGES) pages[page] = await buildPage(dir, page, { release, minify });
  // The computers' own build, which every page's worker loads.
  const thinker = await buildPage(dir, THINKER, { release, minify });
  nameOnLoader(join(dir, 'index.html'), { ...pages, [THINKER]: thinker }, cssName);
  for (const page of FULL_PAGES) writePageDocument(dir, page, pages[page], cssName);
  copyFileSync(join(dir, `${OLDER_DOCUMENT.copyOf}.html`), join(dir, OLDER_DOCUMENT.name));
  return { ...pages, [THINKER]: thinker, css: cssName };
}

const hash = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/** Builds one page (its Cargo feature `page`) into `dir`: its glue and wasm. */
async function buildPage(dir, page, { release, minify }) {
  // A target folder of its own: the table's build keeps its artifacts, and
  // cargo never swaps one build's wasm for another's under the same name.
  const target = join(process.env.CARGO_TARGET_DIR ?? join(root, 'target'), `${page}-page`);
  const profile = release ? 'web' : 'dev';
  const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  run('cargo', [
    'build', '--offline', '--lib', '--target', 'wasm32-unknown-unknown',
    '--no-default-features', '--features', page, '--profile', profile, '--target-dir', target,
  ]);
  const built = join(target, 'wasm32-unknown-unknown', release ? 'web' : 'debug', 'duck_soup.wasm');
  const out = mkdtempSync(join(tmpdir(), `${page}-page-`));
  try {
    run('wasm-bindgen', ['--target', 'web', '--no-typescript', '--out-dir', out, '--out-name', page, built]);
    // The JavaScript its Rust declares (wasm-bindgen's snippets), beside
    // the glue that imports it, as Trunk copies the table's.
    if (existsSync(join(out, 'snippets'))) cpSync(join(out, 'snippets'), join(dir, 'snippets'), { recursive: true });
    let wasmPath = join(out, `${page}_bg.wasm`);
    if (release) {
      // As Trunk runs it for the table: the level and parameters read from
      // index.html (data-wasm-opt, data-wasm-opt-params), so every page is
      // optimized alike.
      const optimized = join(out, `${page}_opt.wasm`);
      run('wasm-opt', [...tableWasmOpt(), wasmPath, '-o', optimized]);
      wasmPath = optimized;
    }
    const wasm = readFileSync(wasmPath);
    let glue = readFileSync(join(out, `${page}.js`), 'utf8');
    if (minify) glue = await minifyCode(glue, { module: true, name: `the ${page} page's glue` });
    const names = { js: `duck-soup-${page}-${hash(glue)}.js`, wasm: `duck-soup-${page}-${hash(wasm)}_bg.wasm` };
    writeFileSync(join(dir, names.js), glue);
    writeFileSync(join(dir, names.wasm), wasm);
    return names;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Names the full page's two pages, the computers' build and the pages' styles on the loader's tag in index.html. */
function nameOnLoader(htmlPath, pages, cssName) {
  let html = readFileSync(htmlPath, 'utf8');
  const tag = html.match(/<script[^>]*\sdata-js=[^>]*>/);
  if (!tag) throw new Error('index.html has no loader tag with data-js');
  const base = tag[0].match(/\sdata-js=["']?(\.?\/?)/)?.[1] ?? '';
  const names = [...FULL_PAGES, THINKER].map((p) => ` data-${p}-js=${base}${pages[p].js} data-${p}-wasm=${base}${pages[p].wasm}`).join('');
  const named = tag[0].replace(/>$/, `${names} data-full-css=${base}${cssName}>`);
  writeFileSync(htmlPath, html.replace(tag[0], named));
}

/**
 * PAGE.html: index.html with the loader told to start that page, and its
 * glue, wasm and the full page's styles preloaded instead of the table's
 * (their integrity hashes dropped with them: they named the table's files).
 */
function writePageDocument(dir, page, names, cssName) {
  let html = readFileSync(join(dir, 'index.html'), 'utf8');
  const tag = html.match(/<script[^>]*\sdata-js=([^\s>]+)[^>]*>/);
  const table = {
    js: tag[0].match(/\sdata-js=["']?([^"'\s>]+)/)[1],
    wasm: tag[0].match(/\sdata-wasm=["']?([^"'\s>]+)/)[1],
  };
  const base = table.js.match(/^(\.?\/?)/)[1];
  html = html.replace(tag[0], tag[0].replace(/>$/, ` data-page=${page}>`));
  let preloads = 0;
  html = html.replace(/<link[^>]*\srel=["']?(?:modulepreload|preload)["']?[^>]*>/g, (link) => {
    preloads += 1;
    const to = link.includes(table.wasm) ? names.wasm : link.includes(table.js) ? names.js : null;
    if (!to) return link;
    return link.replace(table.wasm, base + names.wasm).replace(table.js, base + names.js).replace(/\sintegrity=("[^"]*"|'[^']*'|[^\s>]+)/, '');
  });
  if (!preloads) console.warn(`full-page: index.html had no preload links; ${page}.html has none either`);
  html = html.replace(/(<link[^>]*rel=["']?stylesheet[^>]*>)/, `$1<link rel=stylesheet href=${base}${cssName}>`);
  writeFileSync(join(dir, `${page}.html`), html);
}
