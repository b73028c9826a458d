// The computer players' worker (src/web/controller/thinker.rs starts it): it
// runs the page's own wasm module, so that no search blocks the page. The
// first message brings the wasm-bindgen glue's URL and the WebAssembly.Module
// the page already compiled (nothing is downloaded or compiled twice); every
// later message is a question [ticket, bytes, deadline], answered in order
// by the module's `think` export (src/web/think.rs): [ticket, the move's
// bytes] back (none: no move). A fourth element 'judge' asks the deal
// review's export instead (src/web/judge.rs, the full page only: one move
// judged a message), answered the same way. If the module cannot start, a
// text says why and the page thinks on its own.
let ready;

async function start({ js, module }) {
  // Only the page's own glue, from the page's own server.
  if (new URL(js).origin !== self.location.origin) throw new Error('the glue is not from this site');
  const glue = await import(js);
  await glue.default({ module_or_path: module });
  return glue;
}

self.onmessage = ({ data }) => {
  if (!ready) {
    ready = start(data).catch((e) => {
      self.postMessage(`the worker could not start: ${e?.message ?? e}`);
    });
    return;
  }
  ready.then((glue) => {
    if (!glue) return;
    const [ticket, question, deadline, task] = data;
    let move = new Uint8Array(0);
    try {
      move = task === 'judge' ? glue.judge(question) : glue.think(question, deadline);
    } catch {
      // (A trap in the search: the page asks again, of a new worker.)
    }
    self.postMessage([ticket, move]);
  });
};
