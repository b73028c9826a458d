// Starts the wasm app. Trunk replaces the rust <link> in index.html by the
// <script> that loads this file, with the hashed file names in data-js and
// data-wasm (pattern_script in Trunk.toml), so the page needs no inline script.
// The build adds data-full-js, data-full-wasm and data-full-css: the full page,
// the same game with the replay viewer and online play (scripts/full-page.mjs).
// A visit loads one of the two: the full page in its own document, full.html
// (data-page=full: the links it is for point there, and the table hands over
// to it, src/web/full_page.rs), or for a rules-site link (?r=), an invite or a
// reply (#j=, #r=) opened at index.html; else the table alone, which is lighter.
const tag = document.querySelector('script[data-js][data-wasm]');
const at = (name) => new URL(name, document.baseURI).href;

function wantsFullPage() {
  if (!tag.dataset.fullJs) return false;
  return tag.dataset.page === 'full' || new URLSearchParams(location.search).has('r') || /^#[jr]=/.test(location.hash);
}

/** The full page's own styles (www/full.css), in before its first table (full.html has them already). */
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
if (wantsFullPage()) {
  // The computers' worker (src/web/controller/thinker.rs) loads the glue the
  // loader's tag names, as the app starts: name the full page's first.
  const table = { js: tag.dataset.js, wasm: tag.dataset.wasm };
  Object.assign(tag.dataset, { js: tag.dataset.fullJs, wasm: tag.dataset.fullWasm });
  try {
    started = await load(at(tag.dataset.js), at(tag.dataset.wasm), fullPageStyles(at(tag.dataset.fullCss)));
  } catch (e) {
    // (Offline before the full page was cached: the table says what it cannot do.)
    console.warn('the full page could not be loaded:', e?.message ?? e);
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
