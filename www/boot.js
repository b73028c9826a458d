// Starts the wasm app. Trunk replaces the rust <link> in index.html by the
// <script> that loads this file, with the hashed file names in data-js and
// data-wasm (pattern_script in Trunk.toml), so the page needs no inline script.
// The build adds the full page's two pages, the same game with the replay
// viewer (data-viewer-js, data-viewer-wasm) or with online play
// (data-online-js, data-online-wasm), and their styles (data-full-css;
// scripts/full-page.mjs). A visit loads one build: online play's for an invite
// or a reply (#j=, #r=); else the page of its own document (viewer.html,
// online.html: data-page; the links each is for point there, and the table
// hands over to them, src/web/full_page.rs); the viewer's for a rules-site
// link (?r=) opened at index.html; else the table alone, which is lighter.
const tag = document.querySelector('script[data-js][data-wasm]');
const at = (name) => new URL(name, document.baseURI).href;

/** Which of the full page's two pages this visit loads, if one. */
function wantedPage() {
  if (/^#[jr]=/.test(location.hash)) return 'online';
  if (tag.dataset.page) return tag.dataset.page;
  return new URLSearchParams(location.search).has('r') ? 'viewer' : null;
}

/** The full page's own styles (www/full.css), in before its first table (its documents have them already). */
function fullPageStyles(href) {
  if ([...document.styleSheets].some((s) => s.href === href)) return null;
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
  const loaded = new Promise((resolve) => {
    link.onload = link.onerror = resolve;
  });
  document.head.append(link);
  return loaded;
}

async function load(js, wasm, styles) {
  // The wasm's download starts with the glue's, not after it.
  const module = fetch(wasm);
  const [bindings] = await Promise.all([import(js), styles]);
  const instance = await bindings.default({ module_or_path: module });
  return { bindings, instance };
}

let started;
const page = wantedPage();
const files = page && { js: tag.dataset[`${page}Js`], wasm: tag.dataset[`${page}Wasm`] };
if (files?.js && files.wasm) {
  // The computers' worker (src/web/controller/thinker.rs) loads the glue the
  // loader's tag names, as the app starts: name the page's first.
  const table = { js: tag.dataset.js, wasm: tag.dataset.wasm };
  Object.assign(tag.dataset, files);
  try {
    started = await load(at(files.js), at(files.wasm), fullPageStyles(at(tag.dataset.fullCss)));
  } catch (e) {
    // (Offline before that page was cached: the table says what it cannot do.)
    console.warn(`the ${page} page could not be loaded:`, e?.message ?? e);
    Object.assign(tag.dataset, table);
  }
}
started ??= await load(at(tag.dataset.js), at(tag.dataset.wasm));
window.wasmBindings = started.bindings;
dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm: started.instance } }));

// Offline play: the service worker precaches the build (see www/sw.template.js).
if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
  navigator.serviceWorker.register('./sw.js').catch((e) => console.warn('offline cache unavailable:', e.message));
}
