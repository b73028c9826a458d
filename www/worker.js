// The computer players' worker (src/web/controller/thinker.rs starts it): it
// runs the computers' own build of the crate (src/thinker.rs), so that no
// search blocks the page. The first message brings that build's glue and
// wasm addresses (the loader's data-thinker-js and data-thinker-wasm) and,
// once a worker has compiled the build, its module: the first worker sends
// its compiled module back ({ module }), so that a worker started again
// after a cancelled search compiles nothing. Every later message is a
// question [ticket, bytes, deadline, task], answered in order: 'think' (or
// none) by the build's `think` export, [ticket, the move's bytes] back
// (none: no move); 'judge' by its deal review's export (one move judged a
// message), answered the same way; 'settled' by whether a deal's scores are
// settled (one byte back: yes, no, or not within its budget). 'soup' tells
// it, with no answer, that the two-player Soup course begins (the Expert
// seat's view in place of a question). If the build cannot start, a text
// says why and the page thinks on its own.
//
// After each message the worker solves ahead where there is something to
// solve (the Expert's two-player Soup course: the build keeps what, and
// its `ponder` export says when nothing is left), a slice at a time, so
// that a message that comes meanwhile is read between two slices; a
// pondering that another question (the hint's) interrupted goes on after it.
let ready;
// Each message starts a new turn: a slice of another turn's pondering does not run.
let turn = 0;
const PONDER_SLICE_MS = 40;

function ponder(glue, mine) {
  if (mine !== turn) return;
  let done = true;
  try {
    done = glue.ponder(Date.now() + PONDER_SLICE_MS);
  } catch {
    // (A trap while pondering: the next question finds out.)
  }
  if (!done) setTimeout(() => ponder(glue, mine), 0);
}

async function compile(url) {
  try {
    return await WebAssembly.compileStreaming(fetch(url));
  } catch {
    // (A host that serves wasm under another type.)
    return WebAssembly.compile(await (await fetch(url)).arrayBuffer());
  }
}

async function start({ js, wasm, module }) {
  // Only the site's own build, from the site's own server.
  for (const file of [js, wasm]) {
    if (new URL(file).origin !== self.location.origin) throw new Error('the build is not from this site');
  }
  const [glue, compiled] = await Promise.all([import(js), module ?? compile(wasm)]);
  await glue.default({ module_or_path: compiled });
  if (!module) self.postMessage({ module: compiled });
  return glue;
}

self.onmessage = ({ data }) => {
  const mine = ++turn;
  if (!ready) {
    ready = start(data).catch((e) => {
      self.postMessage(`the worker could not start: ${e?.message ?? e}`);
    });
    return;
  }
  ready.then((glue) => {
    if (!glue) return;
    const [ticket, question, deadline, task] = data;
    let answer = new Uint8Array(0);
    try {
      if (task === 'soup') glue.soup_begins(question);
      else if (task === 'judge') answer = glue.judge(question);
      else if (task === 'settled') answer = glue.settled(question);
      else answer = glue.think(question, deadline);
    } catch {
      // (A trap in the search: the page asks again, of a new worker.)
    }
    if (task !== 'soup') self.postMessage([ticket, answer]);
    setTimeout(() => ponder(glue, mine), 0);
  });
};
