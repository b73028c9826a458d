// Long tasks and the response to a click while a person plays, in headless
// Chromium with its CPU slowed down (a phone): the page's load and a whole
// deal of each game, a person (South, by clicks) against Expert (or Hard,
// where a build has no Expert in its dialog) at the normal pace, at each
// window size, each run in a fresh page; with --viewer, the replay viewer
// stepped move by move through a record; with --guest, an online guest's
// table (a friend's two-player game against the host's Expert, over a
// WebRTC channel between two pages of one Chromium on this machine).
// Reported per build, size and game, as the median of the runs:
//
//  - the page's load: its long tasks (count, longest) from navigation until
//    the table is ready, with the CPU already slowed;
//  - the deal: its long tasks (count, longest), each also sorted by what it
//    did (a render: it changed the DOM; painting a change: it began within
//    50 ms of one; nothing drawn);
//  - Interaction to Next Paint, p98 over the deal: every click or key from
//    its input to the next paint, from the Event Timing API (a
//    PerformanceObserver of type "event", durationThreshold 16, buffered),
//    grouped by interactionId, an interaction's latency the longest of its
//    events. Interactions answered within 16 ms report no entry, so the
//    count of interactions is `performance.interactionCount`; p98 is the
//    latency below which 98% of them fall (the worst one once per 50, as
//    web-vitals reads INP);
//  - the pages' weights (the table's, the viewer's and online play's; tests/e2e/weight.test.mjs:
//    HTML, CSS, JS and wasm as served).
//
//   node scripts/bench-longtasks.mjs [--runs 3] [--sizes 360x800,1280x800] [--throttle 4]
//        [--games two-player,three-player,partnership] [--dist LABEL=DIR ...] [--pace 1]
//        [--viewer] [--guest] [--trace] [--why] [--clicks person|playwright]
//
// South's clicks (--clicks person, the default) are a person's with a mouse:
// the turn awaited in the page by a MutationObserver (nothing polls), a look
// of 250 ms, then the button pressed and released 80 ms later at a point
// where it shows, by the DevTools protocol's mouse events alone. With
// --clicks playwright they are the tests' (`playDeal`: Playwright's clicks
// and waits, which check the element over animation frames, listen for the
// hit in the page and poll on every frame, forcing style and layout inside
// the page's tasks: the test driver's work, counted in those tasks).
//
// Each --dist is a release build (default: this=$DIST_DIR or dist/), with
// page parameters after a `?` if wanted; give several (e.g. --dist
// before=../main/dist --dist after=dist) to compare builds in one run: the
// builds take turns deal by deal, so that a machine busy for a while weighs
// on each alike. CPU slowed with `Emulation.setCPUThrottlingRate` (DevTools
// protocol) at --throttle before the page loads; long tasks from a
// PerformanceObserver of type "longtask" (buffered) installed before the
// page's own scripts.
//
// --trace also records a DevTools trace of each deal and splits every long
// task of the renderer's main thread into the page's own script (the self
// time of its function calls, timers and event handlers: the page's wasm and
// JS), style recalculation, layout, paint (with pre-paint, layer updates and
// compositing set-up) and the rest; reported: the medians of the longest
// task's parts and of each part's most in one task, and of what the deal
// cost, less dependent on the machine's load than any duration: the main
// thread's CPU time, the elements restyled and the objects laid out (see
// `rework`). The page's load is traced too (from before the navigation to
// the table's first render), and its longest task split the same way
// (`load_longest`).
//
// --why (with --trace) also records Blink's invalidation tracking and
// reports, per deal, what started the restyles and layouts: each
// invalidated element (tag and classes, the card's own classes and codes
// left out so that one hand's cards count as one kind) with the reason
// Blink gives, counted and sorted, the most first (`why`). It says where
// the restyle of a move begins, not how far it spreads (the elements
// restyled below an invalidated one are counted only in `rework`); the
// tracking slows the page, so its timings are not comparable.
//
// Prints a table per build on standard error, and the whole as one JSON
// object on standard output (with every run's figures).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DIST_DIR, REPO_ROOT, launchBrowser, newPage, startServer } from '../tests/e2e/harness.mjs';
import { INDEX_CORNER, nextClick, playDeal, ready, state } from '../tests/e2e/play-helpers.mjs';
import { connect, device, guestPath, hostGame, join as joinAsGuest, launch as launchOnline } from '../tests/e2e/online-helpers.mjs';

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const throttle = Number(flag('throttle', '4'));
const pace = flag('pace', '1');
const runs = Number(flag('runs', '1'));
const games = flag('games', 'two-player,three-player,partnership').split(',').filter(Boolean);
const sizes = flag('sizes', '1280x800').split(',').map((s) => {
  const [width, height] = s.split('x').map(Number);
  if (!(width > 0 && height > 0)) throw new Error(`--sizes: "${s}" is not WIDTHxHEIGHT`);
  return { label: s, width, height };
});
const why = args.includes('--why');
const trace = args.includes('--trace') || why;
const clicks = flag('clicks', 'person');
if (!['person', 'playwright'].includes(clicks)) throw new Error(`--clicks: "${clicks}" is neither person nor playwright`);
const viewer = args.includes('--viewer');
const guest = args.includes('--guest');
const dists = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] !== '--dist') continue;
  const [label, where] = args[i + 1].includes('=') ? args[i + 1].split(/=(.*)/s) : ['this', args[i + 1]];
  const [dir, query = ''] = where.split('?');
  dists.push({ label, dir: resolve(dir), query: query ? `&${query}` : '' });
}
if (!dists.length) dists.push({ label: 'this', dir: DIST_DIR, query: '' });
for (const d of dists) {
  if (!existsSync(join(d.dir, 'index.html'))) throw new Error(`${d.dir}/index.html is missing: run \`trunk build --release\``);
}

const SEATS = { 'two-player': 2, 'three-player': 3, partnership: 4 };
/** The example rules page's record of a two-player deal's first tricks (tests/e2e/viewer.test.mjs). */
const VIEWER_RECORD = 'AQAHcGFybGV0dAE6AQAHcnVsZXMtMBWR1LaDCDkm0Ie5wXATVeO1MsNBRwF2ag';

/** Runs in the page before its own scripts: long tasks, DOM changes, and events slower than 16 ms. */
function instrument() {
  const m = (window.__lt = { tasks: [], renders: [], events: [] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) m.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.interactionId) m.events.push({ id: e.interactionId, name: e.name, start: e.startTime, duration: e.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  // Each render's time, and what it drew: the table's phase and moves then,
  // and the number of elements it added (so a long task names its render).
  m.drawn = [];
  addEventListener('DOMContentLoaded', () => {
    new MutationObserver((records) => {
      const t = performance.now();
      m.renders.push(t);
      let added = 0;
      for (const r of records) for (const n of r.addedNodes) if (n.nodeType === 1) added += 1 + n.getElementsByTagName('*').length;
      const app = document.getElementById('app');
      m.drawn.push({ t, phase: app?.dataset.phase, moves: app?.dataset.moves, added });
    }).observe(document.body, { attributes: true, childList: true, characterData: true, subtree: true });
  });
}

const round = (x) => Math.round(x * 10) / 10;
const median = (xs) => {
  const s = xs.filter((x) => x != null).sort((a, b) => a - b);
  if (!s.length) return null;
  const mid = s.length >> 1;
  return round(s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2);
};

function summary(tasks) {
  const d = tasks.map((t) => t.duration).sort((a, b) => b - a);
  const which = [...tasks].sort((a, b) => b.duration - a.duration).map((t) => t.renders?.join(', ') ?? '');
  return { count: d.length, longest_ms: round(d[0] ?? 0), durations_ms: d.map(round), ...(tasks.some((t) => t.renders) ? { renders: which } : {}) };
}

/**
 * INP's p98 over `count` interactions, of which those in `events` (grouped
 * by interactionId) took 16 ms or more: with fewer than 50 the worst, else
 * the worst once the slowest 1 in 50 are set aside. Interactions without an
 * entry took under 16 ms (reported as 16, the most they may have taken).
 */
function interactions(events, count) {
  const byId = new Map();
  for (const e of events) byId.set(e.id, Math.max(byId.get(e.id) ?? 0, e.duration));
  const slow = [...byId.values()].sort((a, b) => b - a);
  const n = Math.max(count, slow.length);
  const skip = Math.min(Math.floor(n / 50), slow.length);
  return { count: n, over_16_ms: slow.length, p98_ms: slow[skip] ?? (n ? 16 : null), slowest_ms: slow.slice(0, 5) };
}

/** Slices whose own time (not their children's) is script running: the page's wasm and JS. */
const SCRIPT = /^(FunctionCall|v8\.callFunction|v8\.run|TimerFire|RunMicrotasks|FireAnimationFrame|EventDispatch|v8\.newInstance)$/;
/** The browser's own rendering work, by kind. */
const PARTS = [
  ['style', /^(UpdateLayoutTree|RecalculateStyles|ScheduleStyleRecalculation|ParseAuthorStyleSheet)$/],
  ['layout', /^(Layout|UpdateLayout|IntersectionObserverController::computeIntersections)$/],
  ['paint', /^(Paint|PrePaint|UpdateLayer|UpdateLayerTree|Layerize|CompositeLayers|PaintImage|Commit|RasterTask)$/],
];

/** The self time of each slice of `inside` (its time less its direct children's). */
function selfTimes(inside) {
  return inside.map((e) => {
    const kids = inside.filter((k) => k !== e && k.ts >= e.ts && k.ts + k.dur <= e.ts + e.dur);
    const direct = kids.filter((k) => !kids.some((p) => p !== k && p.ts <= k.ts && p.ts + p.dur >= k.ts + k.dur && p.dur > k.dur));
    return Math.max(0, e.dur - direct.reduce((sum, k) => sum + k.dur, 0));
  });
}

/**
 * Long tasks of the renderer's main thread from a trace, each split into the
 * page's script (the self time of its function calls, timers and event
 * handlers, not the browser's work inside them), style, layout, paint and
 * the rest, in ms. Pointer and mouse events' handlers are left out of the
 * script: the page has no listener for them, only the test driver's own
 * checks of where it clicks.
 */
function traceTasks(events) {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const slices = events.filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`)).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const out = [];
  for (const t of slices.filter((e) => e.name === 'RunTask' && e.dur > 50_000)) {
    const inside = slices.filter((e) => e !== t && e.tid === t.tid && e.pid === t.pid && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur);
    const own = selfTimes(inside);
    const parts = { script: 0, style: 0, layout: 0, paint: 0 };
    const byName = {};
    inside.forEach((e, i) => {
      byName[e.name] = (byName[e.name] ?? 0) + own[i];
      if (SCRIPT.test(e.name)) {
        if (!/^(pointer|mouse|__playwright)/.test(e.args?.data?.type ?? '')) parts.script += own[i];
        return;
      }
      const part = PARTS.find(([, re]) => re.test(e.name));
      if (part) parts[part[0]] += own[i];
    });
    const ms = Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, round(v / 1000)]));
    ms.other = round(t.dur / 1000 - ms.script - ms.style - ms.layout - ms.paint);
    const top = Object.entries(byName).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${round(v / 1000)}`);
    const restyled = inside.filter((e) => e.name === 'UpdateLayoutTree').reduce((n, e) => n + (e.args?.elementCount ?? 0), 0);
    const laidOut = inside.filter((e) => e.name === 'Layout').reduce((n, e) => n + (e.args?.beginData?.dirtyObjects ?? 0), 0);
    out.push({ duration: round(t.dur / 1000), cpu_ms: round((t.tdur ?? 0) / 1000), ...ms, restyled, laid_out: laidOut, top });
  }
  return out;
}

/**
 * What the page cost over the whole trace, less dependent on the machine's
 * load than any duration: the CPU time of the renderer's main thread (its
 * tasks' thread time: time spent waiting for a busy machine's cores is not
 * counted, though a shared core's caches still weigh on it), elements whose
 * style was recalculated, and objects laid out (those marked dirty at each
 * layout), in total and the most at once.
 */
function rework(events) {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const cpu = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && mains.has(`${e.pid}:${e.tid}`)).reduce((n, e) => n + (e.tdur ?? 0), 0);
  const styles = events.filter((e) => e.name === 'UpdateLayoutTree' && e.ph === 'X').map((e) => e.args?.elementCount ?? 0);
  const layouts = events.filter((e) => e.name === 'Layout' && e.ph === 'X').map((e) => e.args?.beginData?.dirtyObjects ?? 0);
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  return {
    main_thread_cpu_ms: round(cpu / 1000),
    style_recalcs: styles.length,
    elements_restyled: sum(styles),
    most_restyled_at_once: Math.max(0, ...styles),
    layouts: layouts.length,
    objects_laid_out: sum(layouts),
    most_laid_out_at_once: Math.max(0, ...layouts),
  };
}

/**
 * An element as invalidation tracking names it ("DIV class='seat pos-top'"),
 * as a kind: its tag and classes, without the classes and data that vary
 * card by card (suit, colour, state) so that a hand's cards count together.
 */
function kindOf(nodeName = '') {
  const tag = nodeName.split(' ')[0];
  const cls = /class='([^']*)'/.exec(nodeName)?.[1] ?? '';
  const id = /id='([^']*)'/.exec(nodeName)?.[1];
  const varying = /^(suit-.|red|black|joker|playable|dimmed|quack|hinted|sent|dealt|drawn|enter-.*|collect.*|ace-marked|court|show|show-again|shown)$/;
  const kept = cls.split(/\s+/).filter((c) => c && !varying.test(c));
  return `${tag}${id ? `#${id}` : ''}${kept.map((c) => `.${c}`).join('')}`;
}

/** What invalidated style and layout over the trace: (kind, reason) counted, the most first. */
function invalidations(events) {
  const count = (name, reasonOf) => {
    const n = new Map();
    const nodes = new Map();
    for (const e of events.filter((x) => x.name === name)) {
      const d = e.args?.data ?? {};
      const key = `${kindOf(d.nodeName)} ← ${reasonOf(d)}`;
      n.set(key, (n.get(key) ?? 0) + 1);
      if (!nodes.has(key)) nodes.set(key, new Set());
      nodes.get(key).add(d.nodeId);
    }
    // (Each with the number of distinct elements: 100 × over 10 is the same ten again and again.)
    return [...n.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${v} × ${k} [${nodes.get(k).size} elements]`);
  };
  const what = (d) => [d.reason, d.changedClass && `.${d.changedClass}`, d.changedAttribute && `[${d.changedAttribute}]`, d.changedPseudo && `:${d.changedPseudo}`, d.extraData, d.subtree ? '(subtree)' : ''].filter(Boolean).join(' ');
  return {
    style_scheduled: count('ScheduleStyleInvalidationTracking', what),
    style_invalidated: count('StyleInvalidatorInvalidationTracking', (d) => [d.reason, d.changedClass && `.${d.changedClass}`, d.changedAttribute && `[${d.changedAttribute}]`, (d.selectors ?? []).map((s) => s.selector).join(', ')].filter(Boolean).join(' ')),
    style_recalc: count('StyleRecalcInvalidationTracking', what),
    layout: count('LayoutInvalidationTracking', (d) => d.reason ?? ''),
  };
}

function traced(events) {
  const long = traceTasks(events).sort((a, b) => b.duration - a.duration);
  const most = (k) => round(Math.max(0, ...long.map((t) => t[k])));
  return {
    rework: rework(events),
    ...(why ? { why: invalidations(events) } : {}),
    long_tasks: long.length,
    longest: long[0] ?? null,
    most_in_one_task_ms: { script: most('script'), style: most('style'), layout: most('layout'), paint: most('paint') },
    tasks: long,
  };
}

/** A fresh page at `size` with the CPU slowed from before its load: returns what the caller needs. */
async function openPage(browser, dist, size, path) {
  const server = await startServer({ root: dist.dir });
  const { context, page, problems } = await newPage(browser, {
    allowedOrigin: server.origin,
    viewport: { width: size.width, height: size.height },
  });
  await page.addInitScript(instrument);
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await startTrace(cdp);
  await page.goto(`${server.url}${path}${dist.query}`, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForSelector('body[data-ready]', { timeout: 120_000 });
  const load = summary(await page.evaluate(() => window.__lt.tasks));
  const loadTrace = await endTrace(cdp, events);
  if (loadTrace) load.longest_traced = loadTrace.longest;
  events.length = 0;
  const close = async () => {
    await context.close().catch(() => {});
    await server.close();
  };
  return { page, cdp, events, problems, load, close };
}

async function startTrace(cdp) {
  const categories = `devtools.timeline,disabled-by-default-devtools.timeline,v8${why ? ',disabled-by-default-devtools.timeline.invalidationTracking' : ''}`;
  if (trace) await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
}

async function endTrace(cdp, events) {
  if (!trace) return undefined;
  const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.end');
  await done;
  return traced(events);
}

/** What happened on the page since `started` (performance.now()): long tasks and interactions. */
async function since(page, started, interactionsBefore) {
  const { tasks, renders, drawn, events, count } = await page.evaluate(() => ({ ...window.__lt, count: performance.interactionCount ?? 0 }));
  // A long task named by the renders inside it: "phase@moves +elements added".
  const named = (t) => ({
    ...t,
    renders: drawn.filter((r) => r.t >= t.start && r.t <= t.start + t.duration).map((r) => `${r.phase}@${r.moves} +${r.added}`),
  });
  const during = tasks.filter((t) => t.start >= started).map(named);
  const drawing = (t) => renders.some((r) => r >= t.start && r <= t.start + t.duration);
  const painting = (t) => !drawing(t) && renders.some((r) => r <= t.start && r >= t.start - 50);
  return {
    long_tasks: summary(during),
    rendering: summary(during.filter(drawing)),
    painting_a_change: summary(during.filter(painting)),
    nothing_drawn: summary(during.filter((t) => !drawing(t) && !painting(t))),
    inp: interactions(events.filter((e) => e.start >= started), count - interactionsBefore),
  };
}

/**
 * Ends the trace of page `p` measured since `started` (its interaction count
 * then `before`) and gives what was measured: the `level` played, the deal
 * (`deal()`, read once the trace has ended), the load, the long tasks and
 * interactions, the trace's breakdown and the page's problems.
 */
async function measured(p, started, before, level, deal) {
  const tr = await endTrace(p.cdp, p.events);
  return {
    level,
    deal: await deal(),
    load: p.load,
    ...(await since(p.page, started, before)),
    ...(tr ? { trace: tr } : {}),
    problems: p.problems.all(),
  };
}

async function oneDeal(browser, dist, size, game) {
  const p = await openPage(browser, dist, size, `?pace=${pace}&seed=longtasks-${game}`);
  try {
    const { page } = p;
    await ready(page);
    // The new-game dialog: South a person, every other seat the strongest level it offers.
    await page.click('#new-game');
    await page.waitForSelector('#new-game-dialog[open]');
    await page.check(`#new-game-dialog input[name=game][value="${game}"]`);
    const level = (await page.locator('#new-game-dialog select[data-seat="1"] option[value="expert"]').count()) ? 'expert' : 'hard';
    await page.selectOption('#new-game-dialog select[data-seat="0"]', 'human');
    for (let s = 1; s < SEATS[game]; s++) await page.selectOption(`#new-game-dialog select[data-seat="${s}"]`, level);
    await page.fill('#seed', `longtasks-${game}`);
    const [started, before] = await page.evaluate(() => [performance.now(), performance.interactionCount ?? 0]);
    await startTrace(p.cdp);
    if (clicks === 'person') {
      await clickAsPerson(page, ['#start-game']);
      // The new table comes in a task of its own, and the dialog closes after it.
      await within(page.evaluate(untilPresent, ['#new-game-dialog:not([open])']), 10_000, 'the new game');
    } else await page.click('#start-game');
    const t0 = Date.now();
    const log = clicks === 'person' ? await playDealAsPerson(page) : await playDeal(page);
    const seconds = (Date.now() - t0) / 1000;
    return await measured(p, started, before, level, async () => {
      const s = await state(page);
      return { phase: s.phase, moves: s.moves, yours: log.moves, seconds: round(seconds) };
    });
  } finally {
    await p.close();
  }
}

/** How long a person looks at a turn before clicking, and holds the button down (ms). */
const LOOK_MS = 250;
const PRESS_MS = 80;

/** `promise`, or a failure naming `what` after `ms`. */
function within(promise, ms, what) {
  let timer;
  const late = new Promise((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what}: nothing after ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * In the page: resolves with the table's state (the attributes of #app) once
 * the move counter is no longer `movesNot` (or, with `orChoice`, a choice of
 * suit or card shows), or without `movesNot` once South must act or the deal
 * is over; watched by a MutationObserver and read from the DOM alone, so
 * nothing polls in the page's frames or forces its style or layout.
 */
function untilTable({ movesNot, orChoice }) {
  const app = document.getElementById('app');
  return new Promise((resolve) => {
    const check = () => {
      const d = app.dataset;
      const turn = d.waiting === 'human' || d.waiting === 'privacy' || d.phase === 'deal-over' || d.phase === 'game-over';
      const moved = movesNot !== undefined && d.moves !== movesNot;
      const choice = orChoice && document.querySelector('#chooser button[data-choice], #chooser button[data-suit]');
      if (movesNot === undefined ? turn : moved || choice) {
        observer.disconnect();
        resolve({ phase: d.phase, waiting: d.waiting, moves: d.moves, choice: !!choice && !moved });
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { attributes: true, childList: true, subtree: true });
    check();
  });
}

/**
 * In the page: resolves once one of `selectors` is in the table and not
 * hidden, watched by a MutationObserver and read from the DOM alone: no geometry, so
 * nothing forces style or layout inside the page's tasks.
 */
function untilPresent(selectors) {
  const present = () => selectors.some((q) => {
    const el = document.querySelector(q);
    return el && !el.closest('[hidden]');
  });
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (present()) {
        observer.disconnect();
        resolve();
      }
    });
    if (present()) resolve();
    else observer.observe(document.body, { attributes: true, childList: true, subtree: true });
  });
}

/**
 * In the page: the first shown of `selectors`, at a point where it shows: a
 * card's index corner (`corner`; on a phone the hand is two overlapping
 * rows, and a raised card of the lower row may cover a card's middle), a
 * button's middle. `hits` says the point is on it.
 */
function clickTarget({ selectors, corner }) {
  const shown = (el) => el && !el.hidden && el.getClientRects().length > 0;
  const el = selectors.map((q) => document.querySelector(q)).find(shown);
  if (!el) return { hits: false, table: { ...document.getElementById('app').dataset } };
  el.scrollIntoView({ block: 'nearest' });
  const r = el.getBoundingClientRect();
  const card = el.matches('.card');
  const x = card ? r.left + corner.x : r.left + r.width / 2;
  const y = card ? r.top + corner.y : r.top + r.height / 2;
  const at = document.elementFromPoint(x, y);
  return { what: el.id || el.dataset.card || el.dataset.choice || el.tagName, x, y, hits: !!at && el.contains(at) };
}

/**
 * Clicks the first shown of `selectors` as a person does with a mouse: once
 * one is there, a look, then the button pressed and released where it shows
 * (its place read in a task of its own; the DevTools protocol's mouse
 * events, nothing else). Playwright's own click instead checks the element
 * over animation frames and listens for its hit in the page, forcing style
 * and layout inside the page's tasks: the test driver's work, not the page's.
 * Returns what it clicked.
 */
async function clickAsPerson(page, selectors) {
  await within(page.evaluate(untilPresent, selectors), 10_000, `one of ${selectors.join(', ')} shown`);
  await page.waitForTimeout(LOOK_MS);
  const target = await page.evaluate(clickTarget, { selectors, corner: INDEX_CORNER });
  if (!target?.hits) throw new Error(`nothing of ${selectors.join(', ')} to click where it shows: ${JSON.stringify(target)}`);
  await page.mouse.move(target.x, target.y);
  await page.mouse.down();
  await page.waitForTimeout(PRESS_MS);
  await page.mouse.up();
  return target;
}

/** What shows when South has a move to make (the turn may show before its cards light up, as after a trick). */
const MOVE_SHOWN = ['#chooser button', '#quack', '#duck', '#app .seat.pos-bottom button.card.playable[data-card]'];

/**
 * South's moves until the deal is over, clicked as a person clicks (the
 * click the tests would make, `nextClick`: Quack! when live, the first card
 * or suit if asked which, Duck when only that is left, else the first
 * playable card), each turn and each move awaited without polling. A click
 * the table does not take fails the run.
 */
async function playDealAsPerson(page) {
  const log = { moves: 0 };
  for (let guard = 0; guard < 400; guard++) {
    const turn = await within(page.evaluate(untilTable, {}), 30_000, "South's turn");
    if (turn.phase !== 'playing') return log;
    if (turn.waiting !== 'human') throw new Error(`South's turn, waiting for ${turn.waiting}`);
    // (What to click is the tests' choice, `nextClick`, read once the move shows.)
    await within(page.evaluate(untilPresent, MOVE_SHOWN), 10_000, 'a move to make shown');
    const target = await clickAsPerson(page, [await page.evaluate(nextClick)]);
    const moved = (orChoice) => within(page.evaluate(untilTable, { movesNot: turn.moves, orChoice }), 10_000, `the move of a click on ${target.what}`);
    // (Quack! may ask which card, a led Duck which suit: the next click answers.)
    if ((await moved(true)).choice) {
      await clickAsPerson(page, [await page.evaluate(nextClick)]);
      await moved(false);
    }
    log.moves++;
  }
  throw new Error('the deal did not end');
}

/**
 * An online guest's table: a two-player game with a friend, hosted by a page
 * of its own (1280×800, not slowed) whose South is Expert; the guest's page
 * (`size`, slowed from before its load) opens the invite, joins, and once the
 * host has taken its reply plays North's whole deal as a person clicks. Its
 * load is online play's page's with an invite; its deal is measured from the
 * host's taking the reply.
 */
async function guestDeal(_, dist, size) {
  const server = await startServer({ root: dist.dir });
  const browser = await launchOnline();
  try {
    // (A game with friends is dealt at random, whatever the address's seed: each run's deal differs.)
    const host = await device(browser, server, `?pace=${pace}${dist.query}`, { width: 1280, height: 800 });
    await ready(host.page);
    const links = await hostGame(host.page, 'two-player', ['expert', 'friend']);
    // The guest's page as `device` makes one (same network only), slowed before it loads.
    const g = await newPage(browser, { allowedOrigin: server.origin, viewport: { width: size.width, height: size.height } });
    await g.context.addInitScript(() => localStorage.setItem('duck-soup.stun', 'none'));
    await g.context.addInitScript(instrument);
    const cdp = await g.context.newCDPSession(g.page);
    const events = [];
    cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await startTrace(cdp);
    await g.page.goto(server.url + guestPath(links[1], `?pace=${pace}&lang=en`), { waitUntil: 'load', timeout: 120_000 });
    await ready(g.page);
    const load = summary(await g.page.evaluate(() => window.__lt.tasks));
    const loadTrace = await endTrace(cdp, events);
    if (loadTrace) load.longest_traced = loadTrace.longest;
    events.length = 0;
    const reply = await joinAsGuest(g.page, 'Guest');
    const [started, before] = await g.page.evaluate(() => [performance.now(), performance.interactionCount ?? 0]);
    await startTrace(cdp);
    await connect(host.page, 1, reply);
    const t0 = Date.now();
    const log = await playDealAsPerson(g.page);
    const seconds = (Date.now() - t0) / 1000;
    const p = { page: g.page, cdp, events, problems: g.problems, load };
    const r = await measured(p, started, before, 'expert (host)', async () => {
      const s = await state(g.page);
      return { phase: s.phase, moves: s.moves, yours: log.moves, seconds: round(seconds) };
    });
    r.problems.push(...host.problems.all().map((x) => `host: ${x}`));
    return r;
  } finally {
    await browser.close().catch(() => {});
    await server.close();
  }
}

/** The replay viewer (its own page) stepped by → from the record's start to its end, a step every 300 ms. */
async function viewerSteps(browser, dist, size) {
  const p = await openPage(browser, dist, size, `?pace=${pace}&r=${VIEWER_RECORD}`);
  try {
    const { page } = p;
    await page.waitForSelector('#replay-bar', { timeout: 120_000 });
    const pos = () => page.locator('#replay-pos').getAttribute('data-pos').then(Number);
    const total = Number(await page.locator('#replay-pos').getAttribute('data-total'));
    if ((await pos()) !== 0) await page.keyboard.press('Home');
    await page.waitForFunction(() => document.querySelector('#replay-pos').dataset.pos === '0');
    await page.waitForTimeout(500);
    const [started, before] = await page.evaluate(() => [performance.now(), performance.interactionCount ?? 0]);
    await startTrace(p.cdp);
    for (let at = await pos(); at < total; at++) {
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction((n) => Number(document.querySelector('#replay-pos').dataset.pos) === n, at + 1);
      await page.waitForTimeout(300);
    }
    return await measured(p, started, before, 'viewer', async () => ({ steps: total }));
  } finally {
    await p.close();
  }
}

function weights(dir) {
  const json = execFileSync(process.execPath, [join(REPO_ROOT, 'tests/e2e/weight.test.mjs'), '--json'], {
    env: { ...process.env, DIST_DIR: dir },
    encoding: 'utf8',
  });
  const m = JSON.parse(json);
  return {
    table_bytes: m.budgeted_gzip,
    viewer_page_bytes: m.viewer_page?.budgeted_gzip ?? null,
    online_page_bytes: m.online_page?.budgeted_gzip ?? null,
  };
}

/** The medians over a cell's runs. */
function medians(rs) {
  const pick = (f) => median(rs.map(f));
  const out = {
    runs: rs.length,
    load_long_tasks: pick((r) => r.load.count),
    load_longest_ms: pick((r) => r.load.longest_ms),
    long_tasks: pick((r) => r.long_tasks.count),
    longest_ms: pick((r) => r.long_tasks.longest_ms),
    inp_p98_ms: pick((r) => r.inp.p98_ms),
    interactions: pick((r) => r.inp.count),
  };
  if (rs.every((r) => r.trace)) {
    out.trace_longest = Object.fromEntries(['duration', 'script', 'style', 'layout', 'paint', 'other'].map((k) => [k, pick((r) => r.trace.longest?.[k] ?? 0)]));
    out.rework = Object.fromEntries(Object.keys(rs[0].trace.rework).map((k) => [k, pick((r) => r.trace.rework[k])]));
    out.trace_most_in_one_task_ms = Object.fromEntries(['script', 'style', 'layout', 'paint'].map((k) => [k, pick((r) => r.trace.most_in_one_task_ms[k])]));
    out.load_longest = Object.fromEntries(['duration', 'script', 'style', 'layout', 'paint', 'other'].map((k) => [k, pick((r) => r.load.longest_traced?.[k] ?? 0)]));
  }
  return out;
}

const cases = [
  ...games.map((g) => ({ game: g, run: oneDeal })),
  ...(viewer ? [{ game: 'viewer', run: (b, d, s) => viewerSteps(b, d, s) }] : []),
  ...(guest ? [{ game: 'online guest', run: guestDeal }] : []),
];
const browser = await launchBrowser();
const out = { throttle, pace: Number(pace), runs, sizes: sizes.map((s) => s.label), chromium: browser.version(), started: new Date().toISOString(), builds: {} };
for (const dist of dists) {
  out.builds[dist.label] = { dist: dist.dir, query: dist.query, weights: weights(dist.dir), cells: {} };
}
try {
  for (let run = 0; run < runs; run++) {
    for (const size of sizes) {
      for (const c of cases) {
        for (const dist of dists) {
          const key = `${c.game} ${size.label}`;
          const r = await c.run(browser, dist, size, c.game);
          const cell = (out.builds[dist.label].cells[key] ??= { game: c.game, size: size.label, each: [] });
          cell.each.push(r);
          console.error(
            `run ${run + 1} ${dist.label} ${key}: load ${r.load.count} long (longest ${r.load.longest_ms} ms); ` +
              `${r.long_tasks.count} long tasks (longest ${r.long_tasks.longest_ms} ms: ${r.rendering.count} rendering, ` +
              `${r.painting_a_change.count} painting, ${r.nothing_drawn.count} nothing drawn` +
              (r.long_tasks.count ? `: ${r.long_tasks.durations_ms.map((d, i) => `${d} ms [${r.long_tasks.renders[i]}]`).join('; ')}` : '') +
              '); ' +
              `INP p98 ${r.inp.p98_ms} ms over ${r.inp.count}` +
              (r.trace?.longest ? `; longest traced: ${JSON.stringify(r.trace.longest)}; ${JSON.stringify(r.trace.rework)}` : '') +
              (r.load.longest_traced ? `; the load's longest traced: ${JSON.stringify(r.load.longest_traced)}` : '') +
              (r.trace?.why ? `\n  why: ${JSON.stringify(r.trace.why, null, 1)}` : '') +
              (r.problems.length ? `; PROBLEMS: ${r.problems.join(' | ')}` : ''),
          );
        }
      }
    }
  }
} finally {
  await browser.close();
}
out.finished = new Date().toISOString();
for (const [label, b] of Object.entries(out.builds)) {
  const w = b.weights;
  console.error(`\n${label} (${b.dist}${b.query}): as served, table ${w.table_bytes} B, viewer's page ${w.viewer_page_bytes} B, online play's ${w.online_page_bytes} B`);
  console.error('cell                     runs  load: long, longest   deal: long, longest   INP p98 (interactions)');
  for (const [key, cell] of Object.entries(b.cells)) {
    cell.median = medians(cell.each);
    const m = cell.median;
    console.error(
      `${key.padEnd(24)} ${String(m.runs).padStart(4)}  ${String(m.load_long_tasks).padStart(10)}, ${String(m.load_longest_ms).padStart(7)} ms` +
        `  ${String(m.long_tasks).padStart(10)}, ${String(m.longest_ms).padStart(7)} ms  ${String(m.inp_p98_ms).padStart(7)} ms (${m.interactions})` +
        (m.trace_longest ? `  longest: ${JSON.stringify(m.trace_longest)}; rework: ${JSON.stringify(m.rework)}; load's longest: ${JSON.stringify(m.load_longest)}` : ''),
    );
  }
}
console.log(JSON.stringify(out, null, 2));
