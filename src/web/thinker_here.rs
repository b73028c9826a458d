//! The computers' own build (`src/thinker.rs`, Cargo feature `thinker`)
//! loaded on the page's own thread, where no worker can start (an old
//! browser without module workers, a worker that fails to load) or none is
//! wanted (`?worker=0`): the page's wasm leaves the players' search out, so
//! this is how the game goes on without a worker. It is loaded once, at the
//! first question, and kept; every answer comes in a step of its own, never
//! during the call that asked.

use gloo::timers::callback::Timeout;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// Where the computers' worker comes from: `www/worker.js`, and the
/// computers' build (its wasm-bindgen glue and its wasm), as whole
/// addresses (read once at start from the page's loader:
/// `web::worker_files`).
#[derive(Clone, Debug, PartialEq)]
pub struct WorkerFiles {
    pub worker: String,
    pub glue: String,
    pub wasm: String,
}

impl WorkerFiles {
    /// The worker's first message: the computers' build to load, and its
    /// module once a worker compiled it ([`remember_compiled`]), so that a
    /// worker started again (after a cancelled search) compiles nothing.
    pub fn start_message(&self) -> Option<js_sys::Object> {
        let start = js_sys::Object::new();
        let set = |k: &str, v: &JsValue| js_sys::Reflect::set(&start, &k.into(), v).ok();
        set("js", &self.glue.as_str().into())?;
        set("wasm", &self.wasm.as_str().into())?;
        if let Some(module) = COMPILED.with(|c| c.borrow().clone()) {
            set("module", &module)?;
        }
        Some(start)
    }
}

thread_local! {
    /// The computers' build as a worker compiled it (a `WebAssembly.Module`).
    static COMPILED: RefCell<Option<JsValue>> = const { RefCell::new(None) };
}

/// Keeps the module a worker sends back once it has compiled the build
/// (`{ module }`, `www/worker.js`); true if `message` was that.
pub fn remember_compiled(message: &JsValue) -> bool {
    let module = js_sys::Reflect::get(message, &"module".into())
        .ok()
        .filter(|m| m.is_instance_of::<js_sys::WebAssembly::Module>());
    let Some(module) = module else { return false };
    COMPILED.with(|c| *c.borrow_mut() = Some(module));
    true
}

#[wasm_bindgen(module = "/www/import-module.js")]
extern "C" {
    #[wasm_bindgen(js_name = importModule)]
    fn import_module(url: &str) -> js_sys::Promise;
}

/// What an answer waits for: the build's module, or why there is none.
type Waiting = Box<dyn FnOnce(Result<&JsValue, &str>)>;

enum Build {
    NotLoaded,
    Loading(Vec<Waiting>),
    /// The glue's module, its wasm started.
    Ready(JsValue),
    Failed(String),
}

thread_local! {
    static BUILD: RefCell<Build> = const { RefCell::new(Build::NotLoaded) };
}

/// Calls the build's export `name` (`think`, `judge`) with `args` on this
/// thread; `answer` gets the bytes it returns, or `None` (a question it
/// refused, or no build: the reason is in the console).
pub fn call(
    files: &Result<WorkerFiles, String>,
    name: &'static str,
    args: js_sys::Array,
    answer: impl FnOnce(Option<Vec<u8>>) + 'static,
) {
    let files = files.clone();
    // In a step of its own: the caller may hold what the answer needs.
    Timeout::new(0, move || {
        with_build(&files, move |build| {
            let bytes = build
                .map_err(|why| warn(&format!("the computer players cannot think: {why}")))
                .ok()
                .and_then(|module| js_sys::Reflect::get(module, &name.into()).ok())
                .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
                .and_then(|f| f.apply(&JsValue::NULL, &args).ok())
                .and_then(|out| out.dyn_into::<js_sys::Uint8Array>().ok())
                .map(|out| out.to_vec())
                .filter(|out| !out.is_empty());
            answer(bytes);
        });
    })
    .forget();
}

/// Runs `then` with the build, loading it first if need be.
fn with_build(
    files: &Result<WorkerFiles, String>,
    then: impl FnOnce(Result<&JsValue, &str>) + 'static,
) {
    let mut then: Option<Waiting> = Some(Box::new(then));
    let known = BUILD.with(|b| {
        let mut b = b.borrow_mut();
        match &mut *b {
            Build::Ready(module) => Some(Ok(module.clone())),
            Build::Failed(why) => Some(Err(why.clone())),
            Build::Loading(waiting) => {
                waiting.extend(then.take());
                None
            }
            Build::NotLoaded => {
                *b = Build::Loading(Vec::new());
                None
            }
        }
    });
    let Some(then) = then else { return };
    match known {
        Some(Ok(module)) => then(Ok(&module)),
        Some(Err(why)) => then(Err(&why)),
        // This call starts the loading.
        None => {
            BUILD.with(|b| {
                if let Build::Loading(waiting) = &mut *b.borrow_mut() {
                    waiting.push(then);
                }
            });
            match files {
                Ok(files) => load(files),
                Err(why) => settle(Err(why.clone())),
            }
        }
    }
}

/// Imports the glue, then starts its wasm.
fn load(files: &WorkerFiles) {
    let wasm = files.wasm.clone();
    let imported = move |module: JsValue| {
        let init = js_sys::Reflect::get(&module, &"default".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        // The module a worker compiled, else the file.
        let build = COMPILED
            .with(|c| c.borrow().clone())
            .unwrap_or_else(|| wasm.into());
        let options = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&options, &"module_or_path".into(), &build);
        match init.and_then(|init| init.call1(&JsValue::NULL, &options).ok()) {
            Some(started) => when_settled(
                started.into(),
                move |_| settle(Ok(module)),
                "its wasm did not start",
            ),
            None => settle(Err("its module has no start".into())),
        }
    };
    when_settled(
        import_module(&files.glue),
        imported,
        "its module did not load",
    );
}

/// Runs `ok` with what `promise` resolves to, or fails the build with
/// `why`. The browser holds both callbacks until it settles.
fn when_settled(promise: js_sys::Promise, ok: impl FnOnce(JsValue) + 'static, why: &'static str) {
    let mut ok = Some(ok);
    let ok = Closure::<dyn FnMut(JsValue)>::new(move |value| {
        if let Some(ok) = ok.take() {
            ok(value);
        }
    });
    let fail = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| settle(Err(why.into())));
    let _ = promise.then2(&ok, &fail);
    let _ = (ok.into_js_value(), fail.into_js_value());
}

/// The build is ready or failed: what waited for it runs.
fn settle(outcome: Result<JsValue, String>) {
    let waiting = BUILD.with(|b| {
        let done = match &outcome {
            Ok(module) => Build::Ready(module.clone()),
            Err(why) => Build::Failed(why.clone()),
        };
        match std::mem::replace(&mut *b.borrow_mut(), done) {
            Build::Loading(waiting) => waiting,
            _ => Vec::new(),
        }
    });
    for then in waiting {
        match &outcome {
            Ok(module) => then(Ok(module)),
            Err(why) => then(Err(why)),
        }
    }
}

fn warn(text: &str) {
    web_sys::console::warn_1(&JsValue::from_str(text));
}
