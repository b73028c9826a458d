// The one thing Rust cannot say: a dynamic import. The page loads the
// computers' own build with it on its own thread, where no worker can start
// (src/web/thinker_here.rs); wasm-bindgen copies this file beside the glue.
export function importModule(url) {
  return import(url);
}
