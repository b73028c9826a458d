// Long tasks while the computers play, in headless Chromium with its CPU
// slowed down (a phone): whole deals of each game, a person (South, by
// clicks) against Expert (or Hard, where a build has no Expert in its
// dialog) at the normal pace, every long task of the page's main thread
// recorded.
//
//   node scripts/bench-longtasks.mjs [--throttle 4] [--games two-player,three-player,partnership]
//                                    [--dist LABEL=DIR ...] [--pace 1]
//
// Each --dist is a release build (default: this=$DIST_DIR or dist/), with
// page parameters after a `?` if wanted; give several (e.g. --dist
// before=../main/dist --dist after=dist --dist main-thread=dist?worker=0) to
// compare builds in one run. Each deal runs in a fresh page, served from localhost, with
// `Emulation.setCPUThrottlingRate` (DevTools protocol) at --throttle, and a
// PerformanceObserver of type "longtask" (buffered: true) installed before the
// page's own scripts. Reported per build and game: the long tasks during the
// deal (count, total, longest, each duration), split into those that changed
// the DOM (a render: the page's own drawing, and where the computers think on
// the main thread, their search too, in the same task), those that began
// within 50 ms of such a change without making one (the browser laying out
// and painting it), and the rest (nothing drawn: where the computers think
// on the main thread, their search; else timers, garbage collection); plus
// the page's load for reference.
//
// --trace also records a DevTools trace of each deal and measures, in every
// long task of the renderer's main thread, the page's own script: the self
// time of its function calls, timers and event handlers (the page's wasm and
// JS), not the browser's style, layout, paint or garbage collection inside
// them. The computers' search, where it runs on the main thread, is such
// script. Reported: how many long tasks have over 50 ms of it, and the most
// in one.
// Prints one JSON object.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DIST_DIR, launchBrowser, newPage, startServer } from '../tests/e2e/harness.mjs';
import { playDeal, ready, state } from '../tests/e2e/play-helpers.mjs';

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const throttle = Number(flag('throttle', '4'));
const pace = flag('pace', '1');
const games = flag('games', 'two-player,three-player,partnership').split(',');
const trace = args.includes('--trace');
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

/** Runs in the page before its own scripts: every long task and every DOM change. */
function instrument() {
  const m = (window.__lt = { tasks: [], renders: [] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) m.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  addEventListener('DOMContentLoaded', () => {
    new MutationObserver(() => m.renders.push(performance.now()))
      .observe(document.body, { attributes: true, childList: true, characterData: true, subtree: true });
  });
}

const round = (x) => Math.round(x * 10) / 10;

function summary(tasks) {
  const d = tasks.map((t) => t.duration).sort((a, b) => b - a);
  return { count: d.length, total_ms: round(d.reduce((s, x) => s + x, 0)), longest_ms: round(d[0] ?? 0), durations_ms: d.map(round) };
}

/** Slices whose own time (not their children's) is script running: the page's wasm and JS. */
const SCRIPT = /^(FunctionCall|v8\.callFunction|v8\.run|TimerFire|RunMicrotasks|FireAnimationFrame|EventDispatch|v8\.newInstance)$/;

/**
 * Long tasks of the renderer's main thread from a trace, each with the time
 * its script took itself (ms): the self time of its function calls, timers
 * and event handlers, leaving out what the browser did inside them (style,
 * layout, paint, garbage collection, parsing). Pointer and mouse events are
 * left out too: the page has no listener for them, only the test driver's
 * own checks of where it clicks.
 */
function traceTasks(events) {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const slices = events.filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`)).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const out = [];
  for (const t of slices.filter((e) => e.name === 'RunTask' && e.dur > 50_000)) {
    const inside = slices.filter((e) => e !== t && e.tid === t.tid && e.pid === t.pid && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur);
    let script = 0;
    for (const e of inside) {
      if (!SCRIPT.test(e.name) || /^(pointer|mouse|__playwright)/.test(e.args?.data?.type ?? '')) continue;
      const kids = inside.filter((k) => k !== e && k.ts >= e.ts && k.ts + k.dur <= e.ts + e.dur);
      const direct = kids.filter((k) => !kids.some((p) => p !== k && p.ts <= k.ts && p.ts + p.dur >= k.ts + k.dur && p.dur > k.dur));
      script += Math.max(0, e.dur - direct.reduce((sum, k) => sum + k.dur, 0));
    }
    out.push({ duration: t.dur / 1000, script: script / 1000 });
  }
  return out;
}

async function oneDeal(browser, dist, game) {
  const server = await startServer({ root: dist.dir });
  const { context, page, problems } = await newPage(browser, { allowedOrigin: server.origin });
  try {
    await page.addInitScript(instrument);
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
    await page.goto(`${server.url}?pace=${pace}&seed=longtasks-${game}${dist.query}`, { waitUntil: 'load', timeout: 60_000 });
    await ready(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    // The new-game dialog: South a person, every other seat the strongest level it offers.
    await page.click('#new-game');
    await page.waitForSelector('#new-game-dialog[open]');
    await page.check(`#new-game-dialog input[name=game][value="${game}"]`);
    const level = (await page.locator('#new-game-dialog select[data-seat="1"] option[value="expert"]').count()) ? 'expert' : 'hard';
    await page.selectOption('#new-game-dialog select[data-seat="0"]', 'human');
    for (let s = 1; s < SEATS[game]; s++) await page.selectOption(`#new-game-dialog select[data-seat="${s}"]`, level);
    await page.fill('#seed', `longtasks-${game}`);
    const load = await page.evaluate(() => window.__lt.tasks.length);
    const started = await page.evaluate(() => performance.now());
    if (trace) {
      await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8', transferMode: 'ReportEvents' });
    }
    await page.click('#start-game');
    const t0 = Date.now();
    const log = await playDeal(page);
    let traced;
    if (trace) {
      const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
      await cdp.send('Tracing.end');
      await done;
      const long = traceTasks(events);
      const scripted = long.filter((t) => t.script > 50);
      traced = {
        long_tasks: long.length,
        over_50_ms_of_script: scripted.length,
        most_script_ms: round(Math.max(0, ...long.map((t) => t.script))),
        scripts_over_50_ms: scripted.map((t) => round(t.script)).sort((a, b) => b - a),
      };
    }
    const seconds = (Date.now() - t0) / 1000;
    const { tasks, renders } = await page.evaluate(() => window.__lt);
    const during = tasks.filter((t) => t.start >= started);
    const drawing = (t) => renders.some((r) => r >= t.start && r <= t.start + t.duration);
    const painting = (t) => !drawing(t) && renders.some((r) => r <= t.start && r >= t.start - 50);
    const s = await state(page);
    return {
      level,
      deal: { phase: s.phase, moves: s.moves, yours: log.moves, seconds: round(seconds) },
      load: summary(tasks.slice(0, load)),
      during_deal: summary(during),
      rendering: summary(during.filter(drawing)),
      painting_a_change: summary(during.filter(painting)),
      nothing_drawn: summary(during.filter((t) => !drawing(t) && !painting(t))),
      ...(traced ? { trace: traced } : {}),
      problems: problems.all(),
    };
  } finally {
    await context.close().catch(() => {});
    await server.close();
  }
}

const browser = await launchBrowser();
const out = { throttle, pace: Number(pace), chromium: browser.version(), builds: {} };
try {
  for (const dist of dists) {
    out.builds[dist.label] = { dist: dist.dir, query: dist.query, games: {} };
    for (const game of games) {
      const r = await oneDeal(browser, dist, game);
      out.builds[dist.label].games[game] = r;
      console.error(
        `${dist.label} ${game} vs ${r.level}: ${r.during_deal.count} long tasks during the deal (longest ${r.during_deal.longest_ms} ms), ` +
          `${r.rendering.count} rendering, ${r.painting_a_change.count} painting, ${r.nothing_drawn.count} drawing nothing ` +
          `(longest ${r.nothing_drawn.longest_ms} ms), ${r.deal.seconds} s` +
          (r.trace ? `; traced: ${r.trace.over_50_ms_of_script} with over 50 ms of script (most ${r.trace.most_script_ms} ms)` : ''),
      );
    }
  }
} finally {
  await browser.close();
}
console.log(JSON.stringify(out, null, 2));
