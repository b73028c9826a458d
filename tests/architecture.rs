//! The rules of `docs/architecture.md` that a program can check, checked on
//! the repository's own sources (its "Invariants" section lists them):
//!
//! - `no_import_circle_among_the_modules_of_src_web` and
//!   `no_import_circle_among_the_modules_of_src`: the modules of `src/web`
//!   (each file or folder directly in it) import each other without a circle,
//!   and so do the crate's parts (`engine`, `ai`, `net`, `web`, ...).
//! - `dom_calls_only_in_the_view_and_the_dom_layers`: only the files of
//!   `DOM_LAYERS` call the DOM; the controller, the scene, the model, the
//!   engine and everything else never gain such a call.
//! - `the_controller_reads_no_dom`: the controller never asks a DOM layer
//!   for what the page shows (a form's value, whether a dialog is open).
//! - `the_controller_has_no_field_read_for_it`: nor does it call a DOM
//!   layer's function that reads a form field (what a person typed or
//!   chose) for it, which then travels in the `Action` instead.
//! - `the_controller_writes_the_page_only_through_the_view`: the controller
//!   reaches no DOM layer's writing function, as a module's function or as
//!   a method, outside the view it hands the scene (an announcement, the
//!   coach's panel come with the scene), but for the services listed.
//! - `the_pages_flags_are_written_only_by_the_view`: `<body>`'s classes and
//!   `<html lang>` are written only by the view (from the scene's flags).
//! - `no_function_over_100_lines`: outside the word tables.
//! - `the_controller_does_not_grow`: its `impl Controller` blocks stay at
//!   or under `CONTROLLER_IMPL_LINES`, which only comes down (goal 1,200).
//! - `the_pages_core_has_no_browser_in_it`: `src/page` (the model, the
//!   scene, the words, ...) names no browser crate and nothing of `web`, so
//!   it compiles natively and is tested with `cargo test`.
//! - `the_two_builds_are_told_apart_in_one_place`: the Cargo features that
//!   make the full page's two pages are named only where the parts are chosen
//!   (`BUILD_CHOICES`); no module is swapped by `#[path]`, and no
//!   build silences its dead code wholesale. The page's core (`src/page`)
//!   names a target or a feature only on a whole module's declaration.
//!
//! What is wrong today and is being removed is listed once, in a `KNOWN_*`
//! list below, with the work that removes it: a list that can only shrink
//! (an entry that no longer happens fails the test too, so that it is
//! struck off).
//!
//! The sources are read as text with comments and literals blanked out
//! (`code_of`): a light reading, not a Rust parser, that is enough for the
//! project's own style (paths written out as `super::x` or `crate::web::x`,
//! one function per `fn`).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The longest a function may be, in lines from `fn` to its closing brace.
const MAX_FUNCTION_LINES: usize = 100;

/// The word tables: one exhaustive match per language, as long as the
/// language's words (docs/architecture.md, "Words").
const WORD_TABLES: &[&str] = &[
    "src/page/i18n/en.rs",
    "src/page/i18n/ja.rs",
    "src/page/i18n/full_words.rs",
];

/// Functions over `MAX_FUNCTION_LINES` today, to be split: (file, function).
const KNOWN_LONG_FUNCTIONS: &[(&str, &str)] = &[
    ("src/engine/deal_view.rs", "reachable"),
    ("src/web/net/ui.rs", "invites"),
    ("src/web/records/dialog.rs", "open"),
    ("tests/guest_tables.rs", "exercise"),
    ("tests/guest_tables.rs", "mutate"),
    ("tests/properties.rs", "check_position"),
    (
        "tests/protocol.rs",
        "cut_changed_and_random_bytes_are_refused_never_a_panic",
    ),
];

/// The files that may call the DOM (`document()`, `get_element_by_id`,
/// `set_attribute`, the functions of `dom.rs`, ...), and why. A folder ends
/// with `/`. Everything else, above all `controller/`, `scene.rs`,
/// `model.rs`, `engine/`, `ai/` and `net/`, never does.
const DOM_LAYERS: &[(&str, &str)] = &[
    ("src/web/view/", "the view: the only writer of the table's DOM"),
    ("src/web/dom.rs", "the DOM layer: the thin wrappers everyone else uses"),
    ("src/web/mod.rs", "the page's root: the start-up mark on <body> (data-ready), and the error panel after a panic, which cannot reach the view"),
    ("src/web/events.rs", "input: the delegated listeners, which read the event's target"),
    ("src/web/keyboard.rs", "input: moving the focus in the hand, the chooser and overlays; the viewer's keys, which count while its bar is up"),
    ("src/web/announcer.rs", "the screen readers' live log, an element of its own"),
    ("src/web/dialog.rs", "a dialog builds its own DOM (the new game)"),
    ("src/web/settings.rs", "a dialog builds its own DOM (settings)"),
    ("src/web/help.rs", "a dialog builds its own DOM (help)"),
    ("src/web/records/dialog.rs", "a dialog builds its own DOM (Share and records)"),
    ("src/web/records/author.rs", "the author's tool, a section of the records dialog"),
    ("src/web/net/ui.rs", "online play's dialogs (invites, joining)"),
    ("src/web/net/qr.rs", "the invite's QR code, drawn as SVG"),
    ("src/web/full_page.rs", "which build this document loaded (its script tags)"),
];

/// What calls the DOM, as it appears in code: the browser's own methods and
/// `dom.rs`'s functions.
const DOM_CALLS: &[&str] = &[
    "document()",
    "doc()",
    "get_element_by_id",
    "by_id(",
    "query_selector",
    "set_attribute",
    "get_attribute",
    "remove_attribute",
    "class_list",
    "append_child",
    "remove_child",
    "create_element",
    "set_text_content",
    "set_inner_html",
    "active_element",
    "dom::",
];

/// What reads the page's state back: a field's value, a box ticked, an
/// attribute, whether a dialog is open, the focus.
const DOM_READS: &[&str] = &[
    ".value()",
    ".checked()",
    "get_attribute(",
    "has_attribute(",
    ".open()",
    "text_content()",
    "active_element(",
    ".files()",
    "selected_index(",
];

/// What reads a form field: what a person typed, ticked, chose or picked
/// (and the records dialog's reader of a copy row's text, which online
/// play's dialogs call too).
const FIELD_READS: &[&str] = &[
    ".value()",
    ".checked()",
    "selected_index(",
    ".files()",
    "field_text(",
];

/// The DOM layers' functions that the controller calls and that read a
/// form field themselves (a dialog or widget reading its own fields at the
/// controller's call, not handing them back), to be removed by making what
/// they read travel inside the `Action`, read by the listeners:
/// (module, function, the work that removes it).
const KNOWN_FIELD_READS_AT_THE_CONTROLLERS_CALL: &[(&str, &str, &str)] = &[];

/// The repository's root (where Cargo.toml is).
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, as paths relative to the root with `/`,
/// sorted.
fn rust_files(dir: &str) -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|x| x == "rs") {
                out.push(path);
            }
        }
    }
    let root = root();
    let mut paths = Vec::new();
    walk(&root.join(dir), &mut paths);
    let mut files: Vec<String> = paths
        .iter()
        .map(|p| {
            let rel = p.strip_prefix(&root).expect("under the root");
            rel.to_string_lossy().replace('\\', "/")
        })
        .collect();
    files.sort();
    files
}

/// A file's code with every comment, string and character literal blanked
/// out by spaces (line breaks kept, so lines still count), so that words in
/// them are never taken for code.
fn code_of(file: &str) -> String {
    let text = fs::read_to_string(root().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    blank_comments_and_literals(&text)
}

fn blank_comments_and_literals(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |out: &mut String, ch: char| out.push(if ch == '\n' { '\n' } else { ' ' });
    let mut i = 0;
    while i < c.len() {
        let at = |k: usize| c.get(i + k).copied().unwrap_or('\0');
        if at(0) == '/' && at(1) == '/' {
            while i < c.len() && c[i] != '\n' {
                blank(&mut out, c[i]);
                i += 1;
            }
        } else if at(0) == '/' && at(1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut out, c[i]);
                    i += 1;
                }
            }
        } else if (at(0) == 'r' || (at(0) == 'b' && at(1) == 'r'))
            && !c
                .get(i.wrapping_sub(1))
                .is_some_and(|p| p.is_alphanumeric() || *p == '_')
            && {
                let start = if at(0) == 'b' { 1 } else { 0 } + 1;
                let mut k = start;
                while at(k) == '#' {
                    k += 1;
                }
                at(k) == '"'
            }
        {
            // A raw string: r"…", r#"…"#, br"…".
            let mut k = if at(0) == 'b' { 2 } else { 1 };
            let mut hashes = 0;
            while at(k) == '#' {
                hashes += 1;
                k += 1;
            }
            out.push('"');
            i += k + 1;
            while i < c.len() {
                if c[i] == '"' && (1..=hashes).all(|h| c.get(i + h) == Some(&'#')) {
                    out.push('"');
                    i += 1 + hashes;
                    break;
                }
                blank(&mut out, c[i]);
                i += 1;
            }
        } else if at(0) == '"' {
            i = blank_quoted(&c, i, &mut out);
        } else if at(0) == '\'' && (at(1) == '\\' || (at(1) != '\0' && at(2) == '\'')) {
            // A character literal ('x', '\n', '\u{1F986}'); a lifetime ('a)
            // has no closing quote after one character.
            i = blank_quoted(&c, i, &mut out);
        } else {
            out.push(at(0));
            i += 1;
        }
    }
    out
}

/// Blanks a string or character literal that starts at `c[start]` (its
/// quote), escapes included, and returns where it ends.
fn blank_quoted(c: &[char], start: usize, out: &mut String) -> usize {
    let quote = c[start];
    out.push(quote);
    let mut i = start + 1;
    while i < c.len() && c[i] != quote {
        let width = if c[i] == '\\' { 2 } else { 1 };
        for &ch in c.iter().skip(i).take(width) {
            out.push(if ch == '\n' { '\n' } else { ' ' });
        }
        i += width;
    }
    out.push(quote);
    i + 1
}

/// The line (from 1) of a byte offset in a text.
fn line_at(text: &str, offset: usize) -> usize {
    text[..offset].matches('\n').count() + 1
}

/// Every offset at which `needle` occurs in `code`.
fn offsets<'a>(code: &'a str, needle: &'a str) -> impl Iterator<Item = usize> + 'a {
    code.match_indices(needle).map(|(at, _)| at)
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `code` has `needle` at `at` as a whole path or name (not the end
/// of a longer name: `doc()` is not `get_doc()`).
fn starts_a_word(code: &str, at: usize) -> bool {
    !code[..at].chars().next_back().is_some_and(is_ident_char)
}

// ---------------------------------------------------------------------------
// Modules and their imports

/// A module's path inside the crate, from a file's path under `src/`:
/// `src/web/controller/online.rs` is `["web", "controller", "online"]`,
/// `src/web/view/mod.rs` is `["web", "view"]`, `src/lib.rs` is `[]`.
fn module_path(file: &str) -> Vec<String> {
    let rel = file.strip_prefix("src/").expect("a file under src/");
    let rel = rel.strip_suffix(".rs").expect("a .rs file");
    let mut parts: Vec<String> = rel.split('/').map(str::to_string).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The paths a file's code names that start at `crate::`, `super::` or
/// `self::`, each made absolute (from the crate's root) and cut to the
/// part that names a module or an item in one, with the line it is on.
/// A group (`super::{a, b::c}`, nested or not) gives one path per member.
fn absolute_paths(file: &str, code: &str) -> Vec<(Vec<String>, usize)> {
    let me = module_path(file);
    let mut found = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        for at in offsets(code, start) {
            if !starts_a_word(code, at) || code[..at].ends_with("::") {
                continue;
            }
            let mut base: Vec<String> = if start == "crate::" {
                Vec::new()
            } else {
                me.clone()
            };
            let mut rest = &code[at..];
            // `crate::`, then any `super::` and `self::` at the front.
            if let Some(r) = rest.strip_prefix("crate::") {
                rest = r;
            }
            loop {
                if let Some(r) = rest.strip_prefix("super::") {
                    base.pop();
                    rest = r;
                } else if let Some(r) = rest.strip_prefix("self::") {
                    rest = r;
                } else {
                    break;
                }
            }
            for tail in path_tails(rest) {
                let mut path = base.clone();
                path.extend(tail);
                found.push((path, line_at(code, at)));
            }
        }
    }
    found
}

/// The segments a path names after its start: `a::b::C` gives `[a, b, C]`;
/// `{a, b::c}` gives `[a]` and `[b, c]`; `a::{b, c}` gives `[a, b]`, `[a, c]`.
fn path_tails(rest: &str) -> Vec<Vec<String>> {
    let rest = rest.trim_start();
    if let Some(inner) = rest.strip_prefix('{') {
        let mut tails = Vec::new();
        let mut depth = 0;
        let mut member_start = 0;
        for (k, ch) in inner.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    tails.extend(path_tails(&inner[member_start..k]));
                    return tails;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    tails.extend(path_tails(&inner[member_start..k]));
                    member_start = k + 1;
                }
                _ => {}
            }
        }
        return tails;
    }
    let name: String = rest.chars().take_while(|c| is_ident_char(*c)).collect();
    if name.is_empty() || name == "self" {
        return vec![Vec::new()];
    }
    let after = &rest[name.len()..];
    match after.strip_prefix("::") {
        Some(more) => path_tails(more)
            .into_iter()
            .map(|t| std::iter::once(name.clone()).chain(t).collect())
            .collect(),
        None => vec![vec![name]],
    }
}

/// The import graph of the modules directly under `dir` (e.g. `src/web`):
/// each file or folder there is a module, and one imports another when any
/// of its files names a path into it (in a `use` or anywhere in code). The
/// folder's own `mod.rs` (or `lib.rs`) is left out: it is the root that
/// declares everyone. Edges keep where they were first seen.
fn module_graph(dir: &str) -> BTreeMap<String, BTreeMap<String, (String, usize)>> {
    let prefix = module_path(&format!("{dir}/mod.rs"));
    let files: Vec<String> = rust_files(dir)
        .into_iter()
        .filter(|f| f != &format!("{dir}/mod.rs") && f != &format!("{dir}/lib.rs"))
        // The command line is a crate of its own.
        .filter(|f| !f.starts_with("src/bin/"))
        .collect();
    let top_of = |path: &[String]| -> Option<String> {
        path.strip_prefix(prefix.as_slice())?.first().cloned()
    };
    let modules: BTreeSet<String> = files
        .iter()
        .filter_map(|f| top_of(&module_path(f)))
        .collect();
    let mut graph: BTreeMap<String, BTreeMap<String, (String, usize)>> = BTreeMap::new();
    for file in &files {
        let Some(me) = top_of(&module_path(file)) else {
            continue;
        };
        graph.entry(me.clone()).or_default();
        for (path, line) in absolute_paths(file, &code_of(file)) {
            if let Some(to) = top_of(&path) {
                if to != me && modules.contains(&to) {
                    graph
                        .get_mut(&me)
                        .expect("just added")
                        .entry(to)
                        .or_insert_with(|| (file.clone(), line));
                }
            }
        }
    }
    graph
}

/// The strongly connected components of more than one module (Tarjan's).
fn circles(graph: &BTreeMap<String, BTreeMap<String, (String, usize)>>) -> Vec<Vec<String>> {
    struct Walk<'g> {
        graph: &'g BTreeMap<String, BTreeMap<String, (String, usize)>>,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        found: Vec<Vec<String>>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, v: &'g str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in self.graph.get(v).into_iter().flat_map(|e| e.keys()) {
                if !self.index.contains_key(w.as_str()) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w.as_str()]);
                    self.low.insert(v, low);
                } else if self.stack.contains(&w.as_str()) {
                    let low = self.low[v].min(self.index[w.as_str()]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    component.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.found
}

/// Fails naming each circle and, for each import in it, where it is made.
fn assert_no_circle(dir: &str) {
    let graph = module_graph(dir);
    assert!(graph.len() > 3, "{dir}: too few modules found ({graph:?})");
    let mut report = String::new();
    for circle in circles(&graph) {
        report += &format!(
            "\n{dir}: the modules {} import each other in a circle:",
            circle.join(", ")
        );
        for from in &circle {
            for (to, (file, line)) in &graph[from] {
                if circle.contains(to) {
                    report += &format!("\n  {file}:{line}: {from} imports {to}");
                }
            }
        }
    }
    assert!(
        report.is_empty(),
        "rule \"modules import each other without a circle\" (docs/architecture.md) broken:{report}\n\
         (an import goes one way: move what both need into a module both import)"
    );
}

#[test]
fn no_import_circle_among_the_modules_of_src_web() {
    assert_no_circle("src/web");
}

#[test]
fn no_import_circle_among_the_modules_of_src() {
    assert_no_circle("src");
}

#[test]
fn the_import_graph_sees_imports_and_circles() {
    let paths = |file: &str, code: &str| -> Vec<String> {
        let mut p: Vec<String> = absolute_paths(file, &blank_comments_and_literals(code))
            .into_iter()
            .map(|(p, _)| p.join("::"))
            .collect();
        p.sort();
        p
    };
    assert_eq!(
        paths(
            "src/web/controller/online.rs",
            "use super::seats::SeatPlayer;\nuse crate::web::{dom::el, i18n::{Lang, K}};\n\
             // use crate::web::view;\nlet s = \"super::scene\"; super::super::model::Ui::default();"
        ),
        [
            "web::controller::seats::SeatPlayer",
            "web::dom::el",
            "web::i18n::K",
            "web::i18n::Lang",
            "web::model::Ui::default",
        ]
    );
    assert_eq!(
        paths("src/web/view/mod.rs", "use super::scene::Scene;"),
        ["web::scene::Scene"]
    );
    let edge = |to: &str| (to.to_string(), ("f.rs".to_string(), 1));
    let graph = BTreeMap::from([
        ("a".to_string(), BTreeMap::from([edge("b")])),
        ("b".to_string(), BTreeMap::from([edge("c")])),
        ("c".to_string(), BTreeMap::from([edge("a"), edge("d")])),
        ("d".to_string(), BTreeMap::new()),
    ]);
    assert_eq!(circles(&graph), [["a", "b", "c"]]);
}

// ---------------------------------------------------------------------------
// Who calls the DOM

fn dom_layer(file: &str) -> bool {
    DOM_LAYERS.iter().any(|(allowed, _)| {
        if allowed.ends_with('/') {
            file.starts_with(allowed)
        } else {
            file == *allowed
        }
    })
}

/// Each DOM call of a file: (the call as in `DOM_CALLS`, line).
fn dom_calls(code: &str) -> Vec<(&'static str, usize)> {
    let mut calls = Vec::new();
    for call in DOM_CALLS {
        for at in offsets(code, call) {
            // A method (`.`), a path (`::`) or a call of its own, never the
            // end of a longer name (`get_doc()`, `get_element_by_id`).
            if !starts_a_word(code, at) {
                continue;
            }
            calls.push((*call, line_at(code, at)));
        }
    }
    calls
}

#[test]
fn dom_calls_only_in_the_view_and_the_dom_layers() {
    for (allowed, _) in DOM_LAYERS {
        assert!(
            root().join(allowed).exists(),
            "DOM_LAYERS names {allowed}, which is gone"
        );
    }
    let mut report = String::new();
    for file in rust_files("src") {
        if dom_layer(&file) {
            continue;
        }
        for (call, line) in dom_calls(&code_of(&file)) {
            report += &format!("\n  {file}:{line}: calls the DOM ({call})");
        }
    }
    assert!(
        report.is_empty(),
        "rule \"only the view and the DOM layers touch the DOM\" (docs/architecture.md) broken:{report}\n\
         (the controller builds a scene or calls a dialog's own file; a new DOM layer goes in DOM_LAYERS with its reason)"
    );
}

#[test]
fn the_dom_call_finder_sees_calls_and_not_words() {
    let calls = |code: &str| -> Vec<&str> {
        dom_calls(&blank_comments_and_literals(code))
            .into_iter()
            .map(|(c, _)| c)
            .collect()
    };
    assert_eq!(calls("let d = doc();"), ["doc()"]);
    assert_eq!(
        calls("let d = get_doc(); // doc()\nlet s = \"by_id(\";"),
        Vec::<&str>::new()
    );
    assert_eq!(
        calls("w.document().and_then(|d| d.get_element_by_id(\"x\"))"),
        ["document()", "get_element_by_id"]
    );
    assert_eq!(calls("crate::web::dom::by_id(id)"), ["by_id(", "dom::"]);
    assert_eq!(
        calls("let c = '\"'; let l: &'static str = \"\"; doc()"),
        ["doc()"]
    );
}

// ---------------------------------------------------------------------------
// The page's marks on <body> and <html> come from the scene

/// The files that may write `<body>`'s classes and `<html lang>`: the view,
/// from the scene's flags, and the DOM layer's helpers it uses.
fn writes_page_flags(file: &str) -> bool {
    file.starts_with("src/web/view/") || file == "src/web/dom.rs"
}

/// Where a file outside the view writes a class list or a language: a
/// class list reached directly (`class_list`), a class toggled in a
/// function that reaches `<body>` or `<html>`, or a `lang` attribute set:
/// (what, line).
fn page_flag_writes(code: &str, text: &str) -> Vec<(&'static str, usize)> {
    let mut found = Vec::new();
    for at in offsets(code, "class_list") {
        if starts_a_word(code, at) {
            found.push(("class_list", line_at(code, at)));
        }
    }
    for f in functions(code) {
        let body = &code[f.body_start..f.end];
        let reaches_page = body.contains(".body()") || body.contains("document_element()");
        if reaches_page {
            for at in offsets(body, "toggle_class(").filter(|&at| starts_a_word(body, at)) {
                found.push((
                    "a class toggled on <body> or <html>",
                    line_at(code, f.body_start + at),
                ));
            }
        }
    }
    // (Literals are blanked in `code`: the attribute's name is read from the text.)
    for (i, line) in text.lines().enumerate() {
        let sets = line.contains("set_attribute(") || line.contains("set_attr(");
        if sets && line.contains("\"lang\"") {
            found.push(("a lang attribute set", i + 1));
        }
    }
    found
}

#[test]
fn the_pages_flags_are_written_only_by_the_view() {
    let mut report = String::new();
    for file in rust_files("src") {
        if writes_page_flags(&file) {
            continue;
        }
        let text = fs::read_to_string(root().join(&file)).expect("a source file");
        for (what, line) in page_flag_writes(&code_of(&file), &text) {
            report += &format!("\n  {file}:{line}: {what}");
        }
    }
    assert!(
        report.is_empty(),
        "rule \"<body>'s classes and <html lang> are the scene's, written by the view\" \
         (docs/architecture.md) broken:{report}\n\
         (a flag of the page is a field of scene::PageFlags, which the view writes)"
    );
}

#[test]
fn the_page_flag_finder_sees_writes_and_not_words() {
    let writes = |text: &str| -> Vec<&str> {
        page_flag_writes(&blank_comments_and_literals(text), text)
            .into_iter()
            .map(|(what, _)| what)
            .collect()
    };
    assert_eq!(
        writes("fn f() { let b = doc().body().unwrap(); toggle_class(&b, \"embed\", true); }"),
        ["a class toggled on <body> or <html>"]
    );
    assert_eq!(
        writes("fn f(b: Element) { let _ = b.class_list().add_1(\"x\"); }"),
        ["class_list"]
    );
    assert_eq!(
        writes("fn f(h: Element) { let _ = h.set_attribute(\"lang\", \"ja\"); }"),
        ["a lang attribute set"]
    );
    // Its own elements' classes, and words in comments, are not the page's.
    assert_eq!(
        writes("fn f(e: Element) { toggle_class(&e, \"open\", true); } // class_list"),
        Vec::<&str>::new()
    );
}

// ---------------------------------------------------------------------------
// The data attributes the listeners read are named once

/// The attributes whose values the listeners read back into an `Action`:
/// each is a type in `page/input.rs`, the one file that spells its name.
const INPUT_ATTRIBUTES: &[&str] = &[
    "data-action",
    "data-rec",
    "data-change",
    "data-net",
    "data-help-game",
    "data-card",
    "data-choice",
    "data-suit",
    "data-seat",
    "data-option",
];

/// `text` with its comments blanked and its string literals kept (what a
/// program spells, not what its comments say).
fn without_comments(text: &str) -> String {
    let code = blank_comments_and_literals(text);
    let mut inside = false;
    // (Blanking keeps one char per char, and a string's quotes.)
    text.chars()
        .zip(code.chars())
        .map(|(raw, kept)| {
            if kept == '"' {
                inside = !inside;
                kept
            } else if inside {
                raw
            } else {
                kept
            }
        })
        .collect()
}

/// Where `text` spells one of [`INPUT_ATTRIBUTES`] in a string literal
/// (as a name or in a selector; not in a comment): (attribute, line).
fn input_attribute_names(text: &str) -> Vec<(&'static str, usize)> {
    let mut found = Vec::new();
    for (i, line) in without_comments(text).lines().enumerate() {
        for &name in INPUT_ATTRIBUTES {
            let spelled = line.match_indices(name).any(|(at, _)| {
                let after = line[at + name.len()..].chars().next();
                !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            });
            if spelled {
                found.push((name, i + 1));
            }
        }
    }
    found
}

#[test]
fn the_attributes_the_listeners_read_are_named_only_in_page_input() {
    let mut report = String::new();
    for file in rust_files("src") {
        if file == "src/page/input.rs" {
            continue;
        }
        let text = fs::read_to_string(root().join(&file)).expect("a source file");
        for (name, line) in input_attribute_names(&text) {
            report += &format!("\n  {file}:{line}: {name}");
        }
    }
    assert!(
        report.is_empty(),
        "rule \"the page's data attributes are named once\" (docs/architecture.md) broken:{report}\n\
         (read and write them through their type in page/input.rs: dom::set_data, \
         dom::get_data, events::data, input::selector)"
    );
}

#[test]
fn the_attribute_name_finder_sees_literals_and_not_comments() {
    let names = |text: &str| -> Vec<&str> {
        input_attribute_names(text)
            .into_iter()
            .map(|(name, _)| name)
            .collect()
    };
    assert_eq!(
        names("let k = e.get_attribute(\"data-card\"); // data-seat"),
        ["data-card"]
    );
    assert_eq!(
        names("q(\"#d select[data-seat=\\\"1\\\"]\")"),
        ["data-seat"]
    );
    // Another attribute that starts alike, and a comment, are not it.
    assert_eq!(
        names("set_attr(&e, \"data-seats\", \"4\");"),
        Vec::<&str>::new()
    );
    assert_eq!(
        names("/// writes `data-card` and `data-rec`"),
        Vec::<&str>::new()
    );
}

// ---------------------------------------------------------------------------
// The controller reads no DOM

/// The controller's files: `controller/` and the files of `src/web` that
/// hold `impl Controller` blocks of their own (`assist.rs`).
fn controller_files() -> Vec<String> {
    rust_files("src/web")
        .into_iter()
        .filter(|f| {
            f.starts_with("src/web/controller/") || code_of(f).contains("impl Controller {")
        })
        .collect()
}

/// The public functions of the DOM layers that read the page's state and
/// hand it to the controller (they return a value or take a `Dispatch`):
/// (the file's module name, the function's name). A function reads when its
/// body reads (`DOM_READS`) or calls a function of its file or of `dom.rs`
/// that does.
fn dom_readers() -> BTreeSet<(String, String)> {
    readers_of(DOM_READS, true)
}

/// The public functions of the DOM layers that read a form field (what a
/// person typed, ticked or chose: `FIELD_READS`), whether or not they hand
/// it back: (the file's module name, the function's name).
fn field_readers() -> BTreeSet<(String, String)> {
    readers_of(FIELD_READS, false)
}

/// The public functions of the DOM layers whose body reads with one of
/// `reading` (or calls a function of its file or of `dom.rs` that does); if
/// `handing_over`, only those that return a value or take a `Dispatch`.
fn readers_of(reading: &[&str], handing_over: bool) -> BTreeSet<(String, String)> {
    let calls = |body: &str, name: &str| {
        offsets(body, &format!("{name}("))
            .any(|at| starts_a_word(body, at) || body[..at].ends_with("::"))
    };
    let files: Vec<String> = rust_files("src/web")
        .into_iter()
        .filter(|f| dom_layer(f))
        .collect();
    let reads_of = |file: &str, known: &BTreeSet<String>| -> BTreeSet<String> {
        let code = code_of(file);
        let found = functions(&code);
        let mut reads: BTreeSet<String> = known.clone();
        loop {
            let before = reads.len();
            for f in &found {
                let body = &code[f.body_start..f.end];
                if reading.iter().any(|r| body.contains(r)) || reads.iter().any(|r| calls(body, r))
                {
                    reads.insert(f.name.clone());
                }
            }
            if reads.len() == before {
                return reads;
            }
        }
    };
    let dom_reads = reads_of("src/web/dom.rs", &BTreeSet::new());
    let mut readers = BTreeSet::new();
    for file in &files {
        let code = code_of(file);
        let reads = reads_of(file, &dom_reads);
        let module = module_path(file).last().cloned().unwrap_or_default();
        for f in functions(&code) {
            let head = &code[f.start..f.body_start];
            let public = code[..f.start]
                .rsplit('\n')
                .next()
                .is_some_and(|l| l.contains("pub"));
            let hands_over = head.contains("->") || head.contains("Dispatch");
            if public && (hands_over || !handing_over) && reads.contains(&f.name) {
                readers.insert((module.clone(), f.name.clone()));
            }
        }
    }
    readers
}

/// Every call the controller's files make to one of `readers` (module,
/// function): (file, line, module, function).
fn controller_calls(readers: &BTreeSet<(String, String)>) -> Vec<(String, usize, String, String)> {
    let mut calls = Vec::new();
    for file in controller_files() {
        let code = code_of(&file);
        for (module, name) in readers {
            let call = format!("{module}::{name}(");
            for at in offsets(&code, &call) {
                if starts_a_word(&code, at) {
                    calls.push((
                        file.clone(),
                        line_at(&code, at),
                        module.clone(),
                        name.clone(),
                    ));
                }
            }
        }
    }
    calls
}

#[test]
fn the_controller_reads_no_dom() {
    let readers = dom_readers();
    assert!(
        !readers.is_empty(),
        "no DOM reader found: the finder is broken"
    );
    let mut report = String::new();
    for (file, line, module, name) in controller_calls(&readers) {
        report += &format!("\n  {file}:{line}: reads the page through {module}::{name}");
    }
    assert!(
        report.is_empty(),
        "rule \"the controller never reads the DOM\" (docs/architecture.md) broken:{report}\n\
         (the value comes in with its Action, read by the input layer, events.rs)"
    );
}

#[test]
fn the_controller_has_no_field_read_for_it() {
    let readers = field_readers();
    assert!(
        readers.contains(&("dialog".to_string(), "chosen_preset".to_string())),
        "the new game's dialog reads its preset chosen: the finder is broken"
    );
    let mut report = String::new();
    let mut seen = BTreeSet::new();
    for (file, line, module, name) in controller_calls(&readers) {
        let known = KNOWN_FIELD_READS_AT_THE_CONTROLLERS_CALL
            .iter()
            .any(|(m, n, _)| *m == module && *n == name);
        if known {
            seen.insert((module, name));
        } else {
            report += &format!(
                "\n  {file}:{line}: {module}::{name} reads a field at the controller's call"
            );
        }
    }
    for (module, name, _) in KNOWN_FIELD_READS_AT_THE_CONTROLLERS_CALL {
        if !seen.contains(&(module.to_string(), name.to_string())) {
            report += &format!(
                "\n  {module}::{name} is listed in KNOWN_FIELD_READS_AT_THE_CONTROLLERS_CALL \
                 but no longer happens: strike it off"
            );
        }
    }
    assert!(
        report.is_empty(),
        "rule \"the controller never reads the DOM\" (docs/architecture.md) broken:{report}\n\
         (what a person typed or chose comes in with its Action, read by the listeners, events.rs)"
    );
}

// ---------------------------------------------------------------------------
// The dialogs are opened, written and closed by the view, from the scene

/// The dialogs' own files, which build their DOM from plain values.
const DIALOG_FILES: &[&str] = &[
    "src/web/dialog.rs",
    "src/web/settings.rs",
    "src/web/help.rs",
    "src/web/records/dialog.rs",
    "src/web/records/author.rs",
    "src/web/net/ui.rs",
];

/// The dialogs' files' functions that the controller may call, and why:
/// services that return a value or do one thing outside the dialog's
/// state (the clipboard, a download, the system's share sheet).
const DIALOG_SERVICES_FOR_THE_CONTROLLER: &[(&str, &str, &str)] = &[
    (
        "dialog",
        "shown",
        "what the records dialog shows, made when it opens",
    ),
    ("dialog", "too_large", "a refusal's words"),
    ("dialog", "read_record", "a record's text checked"),
    ("dialog", "copy_from", "the clipboard"),
    ("dialog", "download", "a file downloaded"),
    ("ui", "copy", "the clipboard"),
    ("ui", "share", "the system's share sheet"),
];

/// The public functions of the dialogs' files that call the DOM (or a
/// function of their file that does): (the file's module name, the
/// function's name).
fn dialog_writers() -> BTreeSet<(String, String)> {
    let mut writers = BTreeSet::new();
    for file in DIALOG_FILES {
        let code = code_of(file);
        let found = functions(&code);
        let mut touching: BTreeSet<String> = BTreeSet::new();
        loop {
            let before = touching.len();
            for f in &found {
                let body = &code[f.body_start..f.end];
                let calls_one = touching
                    .iter()
                    .any(|t| offsets(body, &format!("{t}(")).any(|at| starts_a_word(body, at)));
                if DOM_CALLS.iter().any(|c| body.contains(c)) || calls_one {
                    touching.insert(f.name.clone());
                }
            }
            if touching.len() == before {
                break;
            }
        }
        let module = module_path(file).last().cloned().unwrap_or_default();
        for f in &found {
            let public = code[..f.start]
                .rsplit('\n')
                .next()
                .is_some_and(|l| l.contains("pub"));
            if public && touching.contains(&f.name) {
                writers.insert((module.clone(), f.name.clone()));
            }
        }
    }
    writers
}

#[test]
fn the_dialogs_are_written_only_by_the_view() {
    let writers = dialog_writers();
    for (module, name) in [("dialog", "open"), ("help", "open"), ("ui", "invites")] {
        assert!(
            writers.contains(&(module.to_string(), name.to_string())),
            "{module}::{name} builds a dialog: the finder is broken"
        );
    }
    let mut report = String::new();
    for (file, line, module, name) in controller_calls(&writers) {
        let service = DIALOG_SERVICES_FOR_THE_CONTROLLER
            .iter()
            .any(|(m, n, _)| *m == module && *n == name);
        if !service {
            report += &format!("\n  {file}:{line}: calls {module}::{name}");
        }
    }
    for (module, name, _) in DIALOG_SERVICES_FOR_THE_CONTROLLER {
        let code = DIALOG_FILES.iter().map(|f| code_of(f)).collect::<String>();
        assert!(
            code.contains(&format!("fn {name}(")),
            "DIALOG_SERVICES_FOR_THE_CONTROLLER names {module}::{name}, which is gone"
        );
    }
    assert!(
        report.is_empty(),
        "rule \"which dialog is open, and what it shows, is the scene's; the view opens, \
         writes and closes it\" (docs/architecture.md) broken:{report}\n\
         (the controller sets its `dialog`, a `page::dialog::OpenDialog`; the view, \
         view/dialogs.rs, calls the dialog's own file)"
    );
}

// ---------------------------------------------------------------------------
// The controller writes the page only through the view

/// The DOM layers' public functions that write the page outside the view
/// and that the controller may still call, and why: services doing one
/// thing outside the table's DOM (the clipboard, a download, the system's
/// share sheet, the address bar, a worker or a connection's own objects):
/// (module, function, why).
const DOM_SERVICES_FOR_THE_CONTROLLER: &[(&str, &str, &str)] = &[(
    "full_page",
    "hand_over",
    "this tab goes to the full page's document (the address bar), the table handed over",
)];

/// Where each `impl` block of `code` (blanked by `code_of`) starts and ends.
fn impl_blocks(code: &str) -> Vec<(usize, usize)> {
    let bytes = code.as_bytes();
    let mut blocks = Vec::new();
    for at in offsets(code, "impl") {
        let next = bytes.get(at + 4).copied().unwrap_or(b' ');
        if !starts_a_word(code, at) || !(next == b' ' || next == b'<') {
            continue;
        }
        let Some(open) = code[at..].find('{').map(|k| at + k) else {
            continue;
        };
        let mut depth = 0;
        for (k, &b) in bytes.iter().enumerate().skip(open) {
            match b {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        blocks.push((at, k + 1));
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    blocks
}

/// A DOM layer's function that writes the page: its module, its name, and
/// whether it is a method (called as `.name(` on a value).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct DomWriter {
    module: String,
    name: String,
    method: bool,
}

/// The public functions and methods of the DOM layers outside the view
/// (`src/web/view/`, which the controller hands the scene) that call the
/// DOM, or a function of their file that does.
fn dom_writers_outside_the_view() -> BTreeSet<DomWriter> {
    let mut writers = BTreeSet::new();
    let files = rust_files("src/web")
        .into_iter()
        .filter(|f| dom_layer(f) && !f.starts_with("src/web/view/") && f != "src/web/dom.rs");
    for file in files {
        let code = code_of(&file);
        let found = functions(&code);
        let mut touching: BTreeSet<String> = BTreeSet::new();
        loop {
            let before = touching.len();
            for f in &found {
                let body = &code[f.body_start..f.end];
                let calls_one = touching.iter().any(|t| {
                    offsets(body, &format!("{t}("))
                        .any(|at| starts_a_word(body, at) || body[..at].ends_with('.'))
                });
                if !dom_calls(body).is_empty() || calls_one {
                    touching.insert(f.name.clone());
                }
            }
            if touching.len() == before {
                break;
            }
        }
        let module = module_path(&file).last().cloned().unwrap_or_default();
        let blocks = impl_blocks(&code);
        for f in &found {
            let public = code[..f.start]
                .rsplit('\n')
                .next()
                .is_some_and(|l| l.contains("pub"));
            if public && touching.contains(&f.name) {
                writers.insert(DomWriter {
                    module: module.clone(),
                    name: f.name.clone(),
                    method: blocks.iter().any(|&(a, b)| a < f.start && f.start < b),
                });
            }
        }
    }
    writers
}

/// Where `code` calls `w`: as its module's function (`module::name(`), or,
/// a method, on any value (`.name(`).
fn calls_of(code: &str, w: &DomWriter) -> Vec<usize> {
    let mut at: Vec<usize> = offsets(code, &format!("{}::{}(", w.module, w.name))
        .filter(|&k| starts_a_word(code, k))
        .collect();
    if w.method {
        at.extend(offsets(code, &format!(".{}(", w.name)));
    }
    at
}

/// Every call the controller's files make to one of `writers`: (file,
/// line, module, function).
fn controller_writes(writers: &BTreeSet<DomWriter>) -> Vec<(String, usize, String, String)> {
    let mut calls = Vec::new();
    for file in controller_files() {
        let code = code_of(&file);
        for w in writers {
            for at in calls_of(&code, w) {
                calls.push((
                    file.clone(),
                    line_at(&code, at),
                    w.module.clone(),
                    w.name.clone(),
                ));
            }
        }
    }
    calls
}

#[test]
fn the_controller_writes_the_page_only_through_the_view() {
    let writers = dom_writers_outside_the_view();
    let found = |module: &str, name: &str, method: bool| {
        writers.contains(&DomWriter {
            module: module.to_string(),
            name: name.to_string(),
            method,
        })
    };
    // (Methods are found too: `the_dom_write_finder_sees_methods_as_well_as_functions`.)
    for (module, name, method) in [
        ("announcer", "announce", false),
        ("ui", "invites", false),
        ("dialog", "open", false),
    ] {
        assert!(
            found(module, name, method),
            "{module}::{name} writes the page: the finder is broken"
        );
    }
    let mut report = String::new();
    for (file, line, module, name) in controller_writes(&writers) {
        let service = DOM_SERVICES_FOR_THE_CONTROLLER
            .iter()
            .chain(DIALOG_SERVICES_FOR_THE_CONTROLLER)
            .any(|(m, n, _)| *m == module && *n == name);
        if !service {
            report += &format!("\n  {file}:{line}: writes the page through {module}::{name}");
        }
    }
    for (module, name, _) in DOM_SERVICES_FOR_THE_CONTROLLER {
        assert!(
            found(module, name, false) || found(module, name, true),
            "DOM_SERVICES_FOR_THE_CONTROLLER names {module}::{name}, which writes nothing now: strike it off"
        );
    }
    assert!(
        report.is_empty(),
        "rule \"only the view writes the page, from the scene\" (docs/architecture.md) broken:{report}\n\
         (what shows, an announcement, the coach's panel, comes with the scene and the view writes it; \
         a service that writes outside the table goes in DOM_SERVICES_FOR_THE_CONTROLLER with its reason)"
    );
}

#[test]
fn the_dom_write_finder_sees_methods_as_well_as_functions() {
    let code = code_of("src/web/announcer.rs");
    assert!(
        impl_blocks(&code).is_empty(),
        "announcer.rs has no impl block"
    );
    let sample = "impl Coach {\n    pub fn end(&mut self) { x }\n}\nfn free() {}";
    let blocks = impl_blocks(sample);
    assert_eq!(blocks.len(), 1);
    assert!(blocks[0].0 < sample.find("fn end").unwrap());
    assert!(blocks[0].1 < sample.find("fn free").unwrap());
    let function = DomWriter {
        module: "announcer".into(),
        name: "announce".into(),
        method: false,
    };
    let method = DomWriter {
        module: "coach".into(),
        name: "end".into(),
        method: true,
    };
    let as_function = "fn f(&mut self) { announcer::announce(&words); }";
    let as_method = "fn f(&mut self) { self.walkthrough.end(); }";
    let neither = "fn f(&mut self) { self.said.say(words); x.announce_all(); let ending = 1; }";
    assert_eq!(calls_of(as_function, &function).len(), 1);
    assert_eq!(calls_of(as_method, &method).len(), 1);
    assert_eq!(calls_of(as_method, &function).len(), 0);
    assert_eq!(
        calls_of(neither, &function).len() + calls_of(neither, &method).len(),
        0
    );
    // A free function is not found as a method of the same name.
    assert_eq!(calls_of("fn f() { self.announce(x); }", &function).len(), 0);
}

// ---------------------------------------------------------------------------
// The page's core has no browser in it

/// The crates that reach the browser, which only `src/web` may use.
const BROWSER_CRATES: &[&str] = &[
    "web_sys",
    "js_sys",
    "gloo",
    "wasm_bindgen",
    "serde_wasm_bindgen",
    "getrandom",
];

/// Where a file's code reaches the browser: a browser crate named (in a
/// path, a `use` or an attribute), or a path into `crate::web`: (what, line).
fn browser_uses(file: &str, code: &str) -> Vec<(String, usize)> {
    let mut found = Vec::new();
    for krate in BROWSER_CRATES {
        for at in offsets(code, krate) {
            let ends = !code[at + krate.len()..]
                .chars()
                .next()
                .is_some_and(is_ident_char);
            if starts_a_word(code, at) && ends && !code[..at].ends_with("::") {
                found.push((krate.to_string(), line_at(code, at)));
            }
        }
    }
    for (path, line) in absolute_paths(file, code) {
        if path.first().is_some_and(|p| p == "web") {
            found.push((format!("crate::{}", path.join("::")), line));
        }
    }
    found
}

#[test]
fn the_pages_core_has_no_browser_in_it() {
    let files = rust_files("src/page");
    assert!(files.len() > 5, "src/page: too few files found ({files:?})");
    let mut report = String::new();
    for file in files {
        for (what, line) in browser_uses(&file, &code_of(&file)) {
            report += &format!("\n  {file}:{line}: reaches the browser ({what})");
        }
    }
    assert!(
        report.is_empty(),
        "rule \"the page's core has no browser in it\" (docs/architecture.md) broken:{report}\n\
         (what it needs of the browser is passed in as a value; browser code goes in src/web)"
    );
}

#[test]
fn the_browser_finder_sees_crates_and_web_paths_and_not_words() {
    let uses = |file: &str, code: &str| -> Vec<String> {
        browser_uses(file, &blank_comments_and_literals(code))
            .into_iter()
            .map(|(what, _)| what)
            .collect()
    };
    assert_eq!(
        uses("src/page/scene.rs", "let w = web_sys::window();"),
        ["web_sys"]
    );
    assert_eq!(
        uses("src/page/scene.rs", "#[wasm_bindgen]\nfn f() {}"),
        ["wasm_bindgen"]
    );
    assert_eq!(
        uses(
            "src/page/i18n/mod.rs",
            "use super::super::web::storage;\nlet x = crate::web::dom::doc();"
        ),
        ["crate::web::dom::doc", "crate::web::storage"]
    );
    assert_eq!(
        uses(
            "src/page/scene.rs",
            "// web_sys::window()\nlet s = \"js_sys\"; let gloom = 1; use crate::page::web_words;"
        ),
        Vec::<String>::new()
    );
}

// ---------------------------------------------------------------------------
// The two builds

/// The only files of `src/web` that name a Cargo feature, and why: the
/// page's builds (the table alone, the viewer's page, online play's)
/// compile the same code, and the features `viewer` and `online` only
/// choose, once, what the build uses.
const BUILD_CHOICES: &[(&str, &str)] = &[(
    "src/web/controller/parts.rs",
    "chooses each part of the full page (the viewer, online play) or its stand-ins",
)];

/// The benchmarks' module (feature `bench`, for scripts/bench-wasm.mjs):
/// its declaration is the one other place a feature may be named.
const BENCH_MODULE: &str = "mod bench;";

/// Where a file's build may be chosen: `src/web`, whose code both builds
/// compile alike (a feature only in `BUILD_CHOICES`); or the page's core,
/// `src/page`, which compiles on every target and may leave a whole module
/// out of a target or a build (a `#[cfg]` right above its `mod`
/// declaration), and nothing smaller.
#[derive(Clone, Copy, PartialEq)]
enum Split {
    Web,
    PageCore,
}

/// Whether line `line` (1-based) of `lines` is a `#[cfg(...)]` attribute
/// of a module's declaration (`mod x;`, `pub mod x;`, `pub(crate) mod x {`),
/// other attributes and comments between them.
fn cfg_of_a_module(lines: &[&str], line: usize) -> bool {
    let Some(attr) = lines.get(line - 1) else {
        return false;
    };
    if !attr.trim_start().starts_with("#[cfg(") {
        return false;
    }
    let item = lines[line..]
        .iter()
        .map(|l| l.trim())
        .find(|l| !l.starts_with("#[") && !l.starts_with("//"));
    item.is_some_and(|l| {
        let decl = l.strip_prefix("pub").map_or(l, |rest| {
            let rest = rest.trim_start();
            match rest.strip_prefix('(') {
                Some(r) => r.split_once(')').map_or(rest, |(_, after)| after),
                None => rest,
            }
            .trim_start()
        });
        decl.strip_prefix("mod ").is_some_and(|name| {
            let name = name.trim_end_matches([';', '{', ' ']);
            !name.is_empty() && name.chars().all(is_ident_char)
        })
    })
}

/// Each place `code` (blanked by `code_of`) names a Cargo feature (in the
/// page's core, or a target) or breaks the rule otherwise: (what, line).
/// `text` is the same file as written.
fn build_splits(code: &str, text: &str, split: Split) -> Vec<(&'static str, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let needles: &[(&str, &'static str)] = match split {
        Split::Web => &[("feature", "names a Cargo feature")],
        Split::PageCore => &[
            ("feature", "names a Cargo feature, not on a whole module"),
            ("target_arch", "names a target, not on a whole module"),
        ],
    };
    for &(needle, what) in needles {
        for at in offsets(code, needle) {
            let after = code[at + needle.len()..].chars().next();
            if !starts_a_word(code, at) || after.is_some_and(is_ident_char) {
                continue;
            }
            let line = line_at(code, at);
            let allowed = match split {
                // (`#[cfg(feature = "bench")]` right above `mod bench;`.)
                Split::Web => {
                    lines.get(line - 1).is_some_and(|l| l.contains("\"bench\""))
                        && lines.get(line).is_some_and(|l| l.trim() == BENCH_MODULE)
                }
                Split::PageCore => cfg_of_a_module(&lines, line),
            };
            if !allowed {
                found.push((what, line));
            }
        }
    }
    for (needle, what) in [
        ("#[path", "swaps a module's file (#[path])"),
        ("#![allow(dead_code", "allows dead code in a whole module"),
    ] {
        for at in offsets(code, needle) {
            found.push((what, line_at(code, at)));
        }
    }
    for at in offsets(code, "cfg_attr(") {
        let end = code[at..].find(']').map_or(code.len(), |e| at + e);
        if code[at..end].contains("dead_code") {
            found.push((
                "allows dead code in one build (cfg_attr)",
                line_at(code, at),
            ));
        }
    }
    found
}

#[test]
fn the_two_builds_are_told_apart_in_one_place() {
    for (allowed, _) in BUILD_CHOICES {
        assert!(
            root().join(allowed).exists(),
            "BUILD_CHOICES names {allowed}, which is gone"
        );
    }
    let mut report = String::new();
    let page_core = rust_files("src/page");
    assert!(
        page_core.len() > 5,
        "src/page: too few files found ({page_core:?})"
    );
    let web = rust_files("src/web").into_iter().map(|f| (f, Split::Web));
    for (file, split) in web.chain(page_core.into_iter().map(|f| (f, Split::PageCore))) {
        if BUILD_CHOICES.iter().any(|(allowed, _)| file == *allowed) {
            continue;
        }
        let text = fs::read_to_string(root().join(&file)).expect("a source file");
        for (what, line) in build_splits(&code_of(&file), &text, split) {
            report += &format!("\n  {file}:{line}: {what}");
        }
    }
    assert!(
        report.is_empty(),
        "rule \"the two builds compile the same code; a feature only chooses, in one place\" \
         (docs/architecture.md, \"Three builds\") broken:{report}\n\
         (what the full page adds goes behind controller::parts's traits, which the table \
         alone's stand-ins implement too; the page's core, src/page, may leave out a whole \
         module only)"
    );
}

#[test]
fn the_build_split_finder_sees_features_and_not_words() {
    let splits = |text: &str| -> Vec<&str> {
        build_splits(&blank_comments_and_literals(text), text, Split::Web)
            .into_iter()
            .map(|(what, _)| what)
            .collect()
    };
    assert_eq!(
        splits("#[cfg(feature = \"full\")]\nfn a() {}\nfn b() { if cfg!(feature = \"x\") {} }\n"),
        ["names a Cargo feature", "names a Cargo feature"]
    );
    assert_eq!(
        splits("#[path = \"a_lite.rs\"]\nmod a;\n#![cfg_attr(x, allow(dead_code))]\n"),
        [
            "swaps a module's file (#[path])",
            "allows dead code in one build (cfg_attr)"
        ]
    );
    assert_eq!(
        splits("#![allow(dead_code)]\n"),
        ["allows dead code in a whole module"]
    );
    // The benchmarks' module, and the word in comments, text and names.
    assert!(splits("#[cfg(feature = \"bench\")]\nmod bench;\n").is_empty());
    assert!(splits("// a feature\nlet s = \"feature\"; let features = 1;\n").is_empty());
    // The page's core: a target or a feature on a whole module only.
    let core = |text: &str| -> Vec<&str> {
        build_splits(&blank_comments_and_literals(text), text, Split::PageCore)
            .into_iter()
            .map(|(what, _)| what)
            .collect()
    };
    assert!(core(
        "#[cfg(any(not(target_arch = \"wasm32\"), feature = \"full\"))]\npub mod guest;\n\
         #[cfg(feature = \"full\")]\n// why\n#[allow(unused)]\npub(crate) mod review;\n"
    )
    .is_empty());
    assert_eq!(
        core(
            "#[cfg(feature = \"full\")]\npub fn guest() {}\n\
             fn f() { if cfg!(target_arch = \"wasm32\") {} }\n\
             #[cfg_attr(not(feature = \"full\"), allow(dead_code))]\npub mod link;\n"
        ),
        [
            "names a Cargo feature, not on a whole module",
            "names a Cargo feature, not on a whole module",
            "names a target, not on a whole module",
            "allows dead code in one build (cfg_attr)"
        ]
    );
}

// ---------------------------------------------------------------------------
// The controller's size

/// The lines of the controller's `impl Controller` blocks today. The goal
/// is under 1,200 (the rest of the table's decisions moved into the page's
/// core, tested natively: issue "the table players expect"); until then
/// this may only come down: a change that grows the controller fails, and
/// one that shrinks it by more than `SHRINK_SLACK` lowers this number.
const CONTROLLER_IMPL_LINES: usize = 1_482;
const CONTROLLER_IMPL_GOAL: usize = 1_200;
const SHRINK_SLACK: usize = 40;

/// Lines of every `impl … Controller {` block in the controller's files.
fn controller_impl_lines() -> usize {
    let mut lines = 0;
    for file in controller_files() {
        let code = code_of(&file);
        for (start, end) in impl_blocks(&code) {
            let head = &code[start..code[start..].find('{').map_or(end, |k| start + k)];
            if head.split_whitespace().last() == Some("Controller") {
                lines += line_at(&code, end - 1) - line_at(&code, start) + 1;
            }
        }
    }
    lines
}

#[test]
fn the_controller_does_not_grow() {
    let lines = controller_impl_lines();
    assert!(
        lines > 100,
        "no impl Controller block found: the finder is broken"
    );
    assert!(
        lines <= CONTROLLER_IMPL_LINES,
        "the controller's impl blocks are {lines} lines, over {CONTROLLER_IMPL_LINES} \
         (goal: under {CONTROLLER_IMPL_GOAL}): a decision goes into the page's core \
         (`src/page`, tested natively) and the controller carries out its effects"
    );
    assert!(
        lines + SHRINK_SLACK > CONTROLLER_IMPL_LINES,
        "the controller's impl blocks are down to {lines} lines: lower \
         CONTROLLER_IMPL_LINES in tests/architecture.rs to {lines}"
    );
}

// ---------------------------------------------------------------------------
// Function length

/// A function found in code: its name, where `fn` is, where its body's
/// `{` is and where the body ends (one past its `}`).
struct Function {
    name: String,
    start: usize,
    body_start: usize,
    end: usize,
}

/// Every function with a body in `code` (blanked by `code_of`), nested ones
/// included.
fn functions(code: &str) -> Vec<Function> {
    let bytes = code.as_bytes();
    let mut found = Vec::new();
    for at in offsets(code, "fn ") {
        if !starts_a_word(code, at) {
            continue;
        }
        let name: String = code[at + 3..]
            .trim_start()
            .chars()
            .take_while(|c| is_ident_char(*c))
            .collect();
        if name.is_empty() {
            continue; // `fn(u8) -> u8`, a type
        }
        // The body's `{`: the first one outside the signature's brackets; a
        // `;` first means a declaration without a body.
        let mut depth = 0i32;
        let mut body_start = None;
        for (k, &b) in bytes.iter().enumerate().skip(at) {
            match b {
                b'(' | b'[' | b'<' => depth += 1,
                b')' | b']' => depth -= 1,
                b'>' if bytes[k - 1] != b'-' => depth -= 1,
                b'{' if depth == 0 => {
                    body_start = Some(k);
                    break;
                }
                b';' if depth == 0 => break,
                _ => {}
            }
        }
        let Some(body_start) = body_start else {
            continue;
        };
        let mut depth = 0;
        let mut end = None;
        for (k, &b) in bytes.iter().enumerate().skip(body_start) {
            match b {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(k + 1);
                        break;
                    }
                }
                _ => {}
            }
        }
        let end = end.unwrap_or(code.len());
        found.push(Function {
            name,
            start: at,
            body_start,
            end,
        });
    }
    found
}

#[test]
fn no_function_over_100_lines() {
    let mut report = String::new();
    let mut seen_known = BTreeSet::new();
    for file in rust_files("src")
        .into_iter()
        .chain(rust_files("tests"))
        .chain(rust_files("benches"))
    {
        if WORD_TABLES.contains(&file.as_str()) {
            continue;
        }
        let code = code_of(&file);
        for f in functions(&code) {
            let lines = line_at(&code, f.end) - line_at(&code, f.start) + 1;
            if lines <= MAX_FUNCTION_LINES {
                continue;
            }
            if KNOWN_LONG_FUNCTIONS.contains(&(file.as_str(), f.name.as_str())) {
                seen_known.insert((file.clone(), f.name.clone()));
                continue;
            }
            report += &format!(
                "\n  {file}:{}: fn {} is {lines} lines long",
                line_at(&code, f.start),
                f.name
            );
        }
    }
    for (file, name) in KNOWN_LONG_FUNCTIONS {
        if !seen_known.contains(&(file.to_string(), name.to_string())) {
            report += &format!(
                "\n  {file}: fn {name} is {MAX_FUNCTION_LINES} lines or fewer: strike it off KNOWN_LONG_FUNCTIONS in tests/architecture.rs"
            );
        }
    }
    assert!(
        report.is_empty(),
        "rule \"no function over {MAX_FUNCTION_LINES} lines outside the word tables\" (docs/architecture.md) broken:{report}\n\
         (split it into parts named for what they do)"
    );
}

#[test]
fn the_function_finder_measures_bodies() {
    let code = blank_comments_and_literals(
        "fn a(x: Vec<u8>) -> Option<u8> {\n    let s = \"}\";\n    x.first().copied()\n}\n\
         trait T { fn b(&self); fn c(&self) -> u8 { 1 } }\nfn d<F: Fn(u8) -> u8>(f: F) where F: Copy {\n    f(1);\n}\n",
    );
    let found: Vec<(String, usize, usize)> = functions(&code)
        .into_iter()
        .map(|f| (f.name, line_at(&code, f.start), line_at(&code, f.end)))
        .collect();
    assert_eq!(
        found,
        [("a".into(), 1, 4), ("c".into(), 5, 5), ("d".into(), 6, 8)]
    );
}
