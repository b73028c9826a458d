// Starts the wasm app. Trunk replaces the rust <link> in index.html by the
// <script> that loads this file, with the hashed file names in data-js and
// data-wasm (pattern_script in Trunk.toml), so the page needs no inline script.
const tag = document.querySelector('script[data-js][data-wasm]');
const js = new URL(tag.dataset.js, document.baseURI).href;
const wasm = new URL(tag.dataset.wasm, document.baseURI).href;
const bindings = await import(js);
const instance = await bindings.default({ module_or_path: wasm });
window.wasmBindings = bindings;
dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm: instance } }));

// Offline play: the service worker precaches the build (see www/sw.template.js).
if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
  navigator.serviceWorker.register('./sw.js').catch((e) => console.warn('offline cache unavailable:', e.message));
}
