// The full page: the second build of the crate, with the Cargo feature `full`
// (the replay viewer with rules-site links, and online play). Trunk 0.21 builds
// one wasm-bindgen module, the table alone, which every visit loads first;
// scripts/post-build.mjs calls this to build the other the same way (cargo,
// wasm-bindgen, wasm-opt in release, the glue minified) into the same folder,
// under names hashed from their contents, and names them on the loader's tag
// (data-full-js, data-full-wasm, and data-full-css for www/full.css).
//
// It also writes full.html, the full page's own document: index.html with the
// full page's files preloaded in place of the table's, and the loader told
// (data-page=full). The links the full page is for (rules-site links, invites,
// replies, the table's hand-over) open full.html, so that either document
// fetches only its own build from the start; www/boot.js also opens the full
// page from index.html (`?r=`, `#j=`, `#r=`), without its preloads.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minifyCode } from './minify-js.mjs';

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

/** Builds the full page into `dir` (Trunk's staging folder); returns its file names. */
export async function buildFullPage(dir, { release, minify }) {
  // Its own target folder: the table's build keeps its artifacts, and cargo
  // never swaps one build's wasm for the other's under the same name.
  const target = join(process.env.CARGO_TARGET_DIR ?? join(root, 'target'), 'full-page');
  const profile = release ? 'web' : 'dev';
  const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  run('cargo', [
    'build', '--offline', '--lib', '--target', 'wasm32-unknown-unknown',
    '--no-default-features', '--features', 'full', '--profile', profile, '--target-dir', target,
  ]);
  const built = join(target, 'wasm32-unknown-unknown', release ? 'web' : 'debug', 'duck_soup.wasm');
  const out = mkdtempSync(join(tmpdir(), 'full-page-'));
  try {
    run('wasm-bindgen', ['--target', 'web', '--no-typescript', '--out-dir', out, '--out-name', 'full', built]);
    let wasmPath = join(out, 'full_bg.wasm');
    if (release) {
      // As Trunk runs it for the table: the level and parameters read from
      // index.html (data-wasm-opt, data-wasm-opt-params), so both pages are
      // optimized alike.
      const optimized = join(out, 'full_opt.wasm');
      run('wasm-opt', [...tableWasmOpt(), wasmPath, '-o', optimized]);
      wasmPath = optimized;
    }
    const wasm = readFileSync(wasmPath);
    let glue = readFileSync(join(out, 'full.js'), 'utf8');
    if (minify) glue = await minifyCode(glue, { module: true, name: 'the full page glue' });
    const hash = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    // Its styles (www/full.css), comments and runs of white space taken out in release.
    let css = readFileSync(join(root, 'www', 'full.css'), 'utf8');
    if (release) css = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ').replace(/\s*([{};:,>])\s*/g, '$1').trim();
    const names = {
      js: `duck-soup-full-${hash(glue)}.js`,
      wasm: `duck-soup-full-${hash(wasm)}_bg.wasm`,
      css: `full-${hash(css)}.css`,
    };
    writeFileSync(join(dir, names.js), glue);
    writeFileSync(join(dir, names.wasm), wasm);
    writeFileSync(join(dir, names.css), css);
    nameOnLoader(join(dir, 'index.html'), names);
    writeFullDocument(dir, names);
    return names;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Names the full page on the loader's tag in index.html. */
function nameOnLoader(htmlPath, names) {
  let html = readFileSync(htmlPath, 'utf8');
  const tag = html.match(/<script[^>]*\sdata-js=[^>]*>/);
  if (!tag) throw new Error('index.html has no loader tag with data-js');
  const base = tag[0].match(/\sdata-js=["']?(\.?\/?)/)?.[1] ?? '';
  const named = tag[0].replace(
    />$/,
    ` data-full-js=${base}${names.js} data-full-wasm=${base}${names.wasm} data-full-css=${base}${names.css}>`,
  );
  writeFileSync(htmlPath, html.replace(tag[0], named));
}

/**
 * full.html: index.html with the loader told to start the full page, and the
 * full page's glue, wasm and styles preloaded instead of the table's (their
 * integrity hashes dropped with them: they named the table's files).
 */
function writeFullDocument(dir, names) {
  let html = readFileSync(join(dir, 'index.html'), 'utf8');
  const tag = html.match(/<script[^>]*\sdata-js=([^\s>]+)[^>]*>/);
  const table = {
    js: tag[0].match(/\sdata-js=["']?([^"'\s>]+)/)[1],
    wasm: tag[0].match(/\sdata-wasm=["']?([^"'\s>]+)/)[1],
  };
  const base = table.js.match(/^(\.?\/?)/)[1];
  html = html.replace(tag[0], tag[0].replace(/>$/, ' data-page=full>'));
  let preloads = 0;
  html = html.replace(/<link[^>]*\srel=["']?(?:modulepreload|preload)["']?[^>]*>/g, (link) => {
    preloads += 1;
    const to = link.includes(table.wasm) ? names.wasm : link.includes(table.js) ? names.js : null;
    if (!to) return link;
    return link.replace(table.wasm, base + names.wasm).replace(table.js, base + names.js).replace(/\sintegrity=("[^"]*"|'[^']*'|[^\s>]+)/, '');
  });
  if (!preloads) console.warn('full-page: index.html had no preload links; full.html has none either');
  html = html.replace(/(<link[^>]*rel=["']?stylesheet[^>]*>)/, `$1<link rel=stylesheet href=${base}${names.css}>`);
  writeFileSync(join(dir, 'full.html'), html);
}
