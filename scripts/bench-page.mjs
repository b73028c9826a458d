// Page speed of the release build in headless Chromium, over repeated runs.
//
//   node scripts/bench-page.mjs [--runs 15] [--lighthouse]
//
// Each run opens the page (DIST_DIR, default dist/, served on localhost) in a
// fresh browser context (cold HTTP cache, no service worker) with ?pace=0 (the
// click also at the normal pace, below) and
// measures, in the page itself (performance.now(), origin = navigation start):
//  - first table: when the person's hand first appears in the DOM
//    (#app .seat.pos-bottom .card[data-card], seen by a MutationObserver set up
//    before any script of the page runs), and when the frame showing it is
//    painted (requestAnimationFrame, then a message posted from it: that runs
//    after the frame). If the app sets performance.mark("table-rendered"), that
//    mark is reported too.
//  - click to paint: a click on a playable card, from the event's time stamp
//    to the next frame (requestAnimationFrame queued by a capturing listener,
//    so it runs after the app's click handler) and to after that frame's paint.
//    Measured twice: at ?pace=0, where the computer's reply often lands in the
//    same frame (a stress figure), and in as many more loads at the normal
//    pace, as a person plays (the reply comes after the computer's thinking
//    delay): the budget applies to the latter, what a player sees.
// Also first-contentful-paint from the Paint Timing API.
// Prints one JSON object with the median and worst of each.
// Budgets: first table <= 300 ms (localhost); click to paint < 50 ms.
//
// --lighthouse also runs a Lighthouse audit (performance, accessibility, best
// practices) with Debian's Chromium, the page served gzipped as a static host
// would: the build's precompressed .gz files (LIGHTHOUSE_GZIP=0: uncompressed).
// Lighthouse is not a project dependency: it is installed on demand into
// target/bench-tools (LIGHTHOUSE_VERSION, pinned).
// Its full reports go to $BENCH_OUT (default target/bench) as
// lighthouse-mobile.json and lighthouse-desktop.json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_DIR, REPO_ROOT, chromiumPath, launchBrowser, newPage, startServer } from '../tests/e2e/harness.mjs';

const LIGHTHOUSE_VERSION = '12.8.2'; // 13.x needs Node >= 22.19
const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const runs = Number(flag('runs', '15'));
const wantLighthouse = args.includes('--lighthouse');

if (!existsSync(join(DIST_DIR, 'index.html'))) {
  throw new Error(`${DIST_DIR}/index.html is missing: run \`trunk build --release\` (or set DIST_DIR)`);
}

const HAND = '#app .seat.pos-bottom .card[data-card]';
const PLAYABLE = '#app .seat.pos-bottom button.card.playable[data-card]';

/** Runs in the page before its own scripts. */
function instrument(hand) {
  const m = (window.__bench = { table: null, tablePaint: null, started: null, clicks: [] });
  addEventListener('TrunkApplicationStarted', () => (m.started = performance.now()));
  const afterPaint = (cb) =>
    requestAnimationFrame((frame) => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => cb(frame, performance.now());
      ch.port2.postMessage(0);
    });
  const seen = () => {
    if (m.table !== null || !document.querySelector(hand)) return;
    m.table = performance.now();
    obs.disconnect();
    afterPaint((_, painted) => {
      m.tablePaint = painted;
      console.debug('bench:table-painted');
    });
  };
  const obs = new MutationObserver(seen);
  obs.observe(document, { childList: true, subtree: true });
  addEventListener(
    'click',
    (e) => {
      if (!e.target.closest?.('.card[data-card]')) return;
      const c = { at: e.timeStamp, frame: null, painted: null };
      m.clicks.push(c);
      afterPaint((frame, painted) => {
        c.frame = frame;
        c.painted = painted;
      });
    },
    true,
  );
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : null;
};
const worst = (xs) => (xs.length ? Math.max(...xs) : null);
const r1 = (x) => (x === null ? null : Math.round(x * 10) / 10);
const stats = (xs) => ({ median: r1(median(xs)), worst: r1(worst(xs)), n: xs.length });

async function pageSpeed() {
  const server = await startServer({ root: DIST_DIR, base: '/' });
  let browser;
  const samples = { table: [], tablePaint: [], mark: [], fcp: [], clickFrame: [], clickPaint: [], clickPaintPlay: [], wasmLoaded: [], started: [], domContentLoaded: [] };
  try {
    browser = await launchBrowser();
    // First `runs` loads at pace=0 (the computer answers at once, so its reply
    // often lands in the clicked frame: the budget's figure, the harder case);
    // then `runs` at the normal pace, as a person plays (the reply comes after
    // the computer's thinking delay): only their click's time is taken.
    for (let i = 0; i < 2 * runs; i++) {
      const normalPace = i >= runs;
      const { context, page, problems } = await newPage(browser, { allowedOrigin: server.origin });
      await page.addInitScript(instrument, HAND);
      // Told by a console message, not by polling with page.waitForFunction: the
      // first evaluation in a page compiles Playwright's injected script (15-30 ms
      // of main thread), which would land between the table's frame and the
      // message that times it, and be counted as the page's.
      const painted = page.waitForEvent('console', { predicate: (msg) => msg.text() === 'bench:table-painted', timeout: 30_000 });
      await page.goto(`${server.url}?${normalPace ? '' : 'pace=0&'}seed=bench-${i % runs}`, { waitUntil: 'load', timeout: 60_000 });
      await painted;
      // Wait for the person's turn, then click the first playable card.
      await page.waitForSelector(PLAYABLE, { timeout: 20_000 });
      await page.waitForTimeout(100);
      await page.locator(PLAYABLE).first().click();
      await page.waitForFunction(() => window.__bench.clicks.at(-1)?.painted != null, null, { timeout: 10_000 });
      const m = await page.evaluate(() => ({
        ...window.__bench,
        mark: performance.getEntriesByName('table-rendered')[0]?.startTime ?? null,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        wasmLoaded: performance.getEntriesByType('resource').find((r) => r.name.endsWith('.wasm'))?.responseEnd ?? null,
        domContentLoaded: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? null,
      }));
      const c = m.clicks.at(-1);
      if (normalPace) {
        samples.clickPaintPlay.push(c.painted - c.at);
        if (problems.all().length) throw new Error(`run ${i}: the page reported problems:\n${problems.all().join('\n')}`);
        await context.close();
        continue;
      }
      samples.table.push(m.table);
      samples.tablePaint.push(m.tablePaint);
      if (m.mark !== null) samples.mark.push(m.mark);
      if (m.fcp !== null) samples.fcp.push(m.fcp);
      for (const k of ['wasmLoaded', 'started', 'domContentLoaded']) if (m[k] !== null) samples[k].push(m[k]);
      samples.clickFrame.push(c.frame - c.at);
      samples.clickPaint.push(c.painted - c.at);
      if (problems.all().length) throw new Error(`run ${i}: the page reported problems:\n${problems.all().join('\n')}`);
      await context.close();
    }
  } finally {
    await browser?.close().catch(() => {});
    await server.close();
  }
  const firstTable = stats(samples.tablePaint);
  const clickPaint = stats(samples.clickPaint);
  return {
    runs,
    first_table_in_dom_ms: stats(samples.table),
    first_table_painted_ms: firstTable,
    table_rendered_mark_ms: samples.mark.length ? stats(samples.mark) : null,
    first_contentful_paint_ms: stats(samples.fcp),
    // Where the time to the first table goes: the document parsed, the wasm
    // file received, the app started (wasm compiled and instantiated, start() run).
    dom_content_loaded_ms: stats(samples.domContentLoaded),
    wasm_received_ms: stats(samples.wasmLoaded),
    app_started_ms: stats(samples.started),
    click_to_frame_ms: stats(samples.clickFrame),
    click_to_paint_ms: clickPaint,
    click_to_paint_normal_pace_ms: stats(samples.clickPaintPlay),
    budgets: { first_table_ms_max: 300, click_to_paint_ms_lt: 50 },
    first_table_ok: firstTable.worst <= 300,
    click_to_paint_ok: stats(samples.clickPaintPlay).worst < 50,
  };
}

/** Lighthouse from target/bench-tools, installed there on first use (never into package.json). */
function lighthouseBin() {
  const prefix = join(REPO_ROOT, 'target', 'bench-tools');
  const bin = join(prefix, 'node_modules', '.bin', 'lighthouse');
  const installed = (() => {
    try {
      return JSON.parse(readFileSync(join(prefix, 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version;
    } catch {
      return null;
    }
  })();
  if (installed !== LIGHTHOUSE_VERSION) {
    mkdirSync(prefix, { recursive: true });
    console.error(`installing lighthouse@${LIGHTHOUSE_VERSION} into ${prefix} ...`);
    execFileSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', `lighthouse@${LIGHTHOUSE_VERSION}`], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return bin;
}

async function lighthouse() {
  const bin = lighthouseBin();
  // Served as a static host serves it: the build's precompressed FILE.gz where
  // there is one, gzip -9 on the fly otherwise. Lighthouse's simulated slow 4G
  // would otherwise download the wasm uncompressed, 2.3 times its deployed size,
  // and its LCP would measure the test server rather than the page.
  // LIGHTHOUSE_GZIP=0: uncompressed, to compare with earlier runs.
  const gzip = process.env.LIGHTHOUSE_GZIP !== '0';
  const server = await startServer({ root: DIST_DIR, base: '/', gzip: gzip ? 'always' : 'off' });
  try {
    const outDir = process.env.BENCH_OUT ?? join(REPO_ROOT, 'target', 'bench');
    mkdirSync(outDir, { recursive: true });
    const run = (preset) => {
      // One report per preset, kept for reading the audits (LCP element, layout shifts, ...).
      const report = join(outDir, `lighthouse-${preset ?? 'mobile'}.json`);
      const argv = [
        server.url,
        '--quiet',
        '--output=json',
        `--output-path=${report}`,
        '--only-categories=performance,accessibility,best-practices',
        `--chrome-flags=--headless=new ${['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'].join(' ')}`,
      ];
      if (preset) argv.push(`--preset=${preset}`);
      // Lighthouse is run asynchronously (await below) so the server keeps answering.
      return new Promise((resolve, reject) => {
        import('node:child_process').then(({ execFile }) =>
          execFile(bin, argv, { env: { ...process.env, CHROME_PATH: chromiumPath() }, maxBuffer: 64 << 20 }, (err, _out, stderr) =>
            err ? reject(new Error(`lighthouse failed: ${stderr || err.message}`)) : resolve(JSON.parse(readFileSync(report, 'utf8'))),
          ),
        );
      });
    };
    const scores = (lhr) => ({
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      best_practices: Math.round(lhr.categories['best-practices'].score * 100),
      fcp_ms: Math.round(lhr.audits['first-contentful-paint'].numericValue),
      lcp_ms: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      tbt_ms: Math.round(lhr.audits['total-blocking-time'].numericValue),
      cls: Math.round(lhr.audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
    });
    const mobile = scores(await run(null)); // Lighthouse's default: mobile, simulated slow 4G and 4x CPU
    const desktop = scores(await run('desktop'));
    return { version: LIGHTHOUSE_VERSION, served: gzip ? 'gzip' : 'uncompressed', mobile, desktop, budgets: { performance_min: 95 }, performance_ok: mobile.performance >= 95 };
  } finally {
    await server.close();
  }
}

const result = { page: await pageSpeed() };
if (wantLighthouse) result.lighthouse = await lighthouse();
console.log(JSON.stringify(result, null, 2));
