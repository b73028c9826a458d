// What a move costs as a game grows: the same table with 10, 1,000 and 6,000
// finished deals behind it, a person's moves timed in headless Chromium on a
// release build (`bash scripts/test.sh build`), served as the tests serve dist/.
//
//   node scripts/bench-long-game.mjs [--dist LABEL=DIR ...] [--deals 10,1000,6000]
//                                    [--moves 15] [--throttle 1] [--viewport 1280x800]
//
// A two-deal game played by two computers (seed `bench-long-game`) gives two
// legal deals; repeating them in turn gives a saved game (format 2, as the
// page writes it: each finished deal under its own key, then the game in
// progress) of any length, written into localStorage before the page loads.
// Then, at `?pace=0` (the computer answers at once), `--moves` of the
// person's moves (after two not counted), each:
// - handler: the click's handlers (the engine's move, the save, the scene and
//   the view's render: the page's own work before the browser draws);
// - paint: the click to the next paint (the handlers, then style, layout and
//   paint of the frame: a requestAnimationFrame callback, then a message
//   posted from it, which runs after that frame);
// - style, layout, script: what DevTools counts on the page's main thread
//   over the same span (Performance.getMetrics before and after);
// - written: the DOM nodes the move added or removed (each with all it
//   holds), attributes and texts it set, by a MutationObserver over the
//   whole document (deterministic).
// Medians per size; with several --dist builds, the sizes run build by build
// in turn (before, after, before, ...), so that a change in the machine's
// load falls on both. Prints one JSON object, and a line per size on stderr.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DIST_DIR, launchBrowser, newPage, startServer } from '../tests/e2e/harness.mjs';
import { nextClick } from '../tests/e2e/play-helpers.mjs';

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const sizes = flag('deals', '10,1000,6000').split(',').map(Number);
const moves = Number(flag('moves', '15'));
const throttle = Number(flag('throttle', '1'));
const [width, height] = flag('viewport', '1280x800').split('x').map(Number);
const dists = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] !== '--dist') continue;
  const [label, dir] = args[i + 1].includes('=') ? args[i + 1].split(/=(.*)/s) : ['this', args[i + 1]];
  dists.push({ label, dir: resolve(dir) });
}
if (!dists.length) dists.push({ label: 'this', dir: DIST_DIR });
for (const d of dists) {
  if (!existsSync(join(d.dir, 'index.html'))) throw new Error(`${d.dir}/index.html is missing: run \`bash scripts/test.sh build\``);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const round = (x) => Math.round(x * 10) / 10;

/** Two finished deals of a two-player game, as a record writes them. */
async function twoDeals(browser, dir) {
  const server = await startServer({ root: dir });
  const { context, page } = await newPage(browser, { allowedOrigin: server.origin });
  try {
    await page.goto(`${server.url}?pace=0&g=2&o=parlett,deals:2&s=nn&seed=bench-long-game`);
    await page.waitForSelector('#app[data-phase="game-over"]', { timeout: 60_000 });
    await page.click('#game-over-share');
    return JSON.parse(await page.inputValue('#record-text'));
  } finally {
    await context.close();
    await server.close();
  }
}

/** localStorage entries of a saved game of `n` finished deals and one just dealt (format 2). */
function savedGame(two, n) {
  const id = '00000000b0a7c4e5';
  const entries = {};
  for (let k = 1; k <= n; k++) entries[`duck-soup.deal.${id}.${k}`] = JSON.stringify(two.deals[(k - 1) % 2]);
  entries['duck-soup.game'] = JSON.stringify({
    v: 2,
    id,
    players: ['human', 'normal'],
    seed: 'bench-long-game',
    ai_seed: '1',
    bottom: 0,
    earlier: n,
    record: {
      game: 'two-player',
      rules: { preset: 'parlett', deals: n + 1000 },
      first_dealer: two.first_dealer,
      deals: [{ seed: two.deals[n % 2].seed, moves: '' }],
    },
  });
  return entries;
}

/** Runs in the page: counts what each move writes into the DOM. */
function countWrites() {
  const w = (window.__writes = { nodes: 0, attributes: 0, texts: 0 });
  // A node and everything in it (a table written whole counts all its rows).
  const size = (list) => [...list].reduce((n, node) => n + 1 + (node.querySelectorAll?.('*').length ?? 0), 0);
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'childList') w.nodes += size(r.addedNodes) + size(r.removedNodes);
      else if (r.type === 'attributes') w.attributes += 1;
      else w.texts += 1;
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** Clicks `selector` and returns the handlers' time and the time to the next paint (ms). */
const timedClick = (page, selector) =>
  page.evaluate(
    (sel) =>
      new Promise((done) => {
        const start = performance.now();
        document.querySelector(sel).click();
        const handler = performance.now() - start;
        requestAnimationFrame(() => {
          const ch = new MessageChannel();
          ch.port1.onmessage = () => done({ handler, paint: performance.now() - start });
          ch.port2.postMessage(0);
        });
      }),
    selector,
  );

const METRICS = { style: 'RecalcStyleDuration', layout: 'LayoutDuration', script: 'ScriptDuration' };
async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  const out = {};
  for (const [k, name] of Object.entries(METRICS)) out[k] = (list.find((m) => m.name === name)?.value ?? 0) * 1000;
  return out;
}

async function oneSize(browser, dist, two, n) {
  const server = await startServer({ root: dist.dir });
  const { context, page, problems } = await newPage(browser, { allowedOrigin: server.origin, viewport: { width, height } });
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    // The saved game goes in before the page's own scripts run (once: a
    // reload would resume what the page saved since).
    await page.addInitScript((entries) => {
      if (sessionStorage.getItem('bench-seeded')) return;
      sessionStorage.setItem('bench-seeded', '1');
      localStorage.clear();
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, savedGame(two, n));
    const t0 = Date.now();
    await page.goto(`${server.url}?pace=0`);
    await page.waitForSelector('body[data-ready]', { timeout: 300_000 });
    const loadSeconds = (Date.now() - t0) / 1000;
    const shownRows = await page.locator('#scores tbody tr').count();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await page.evaluate(countWrites);
    const samples = [];
    while (samples.length < moves + 2) {
      await page.waitForFunction(
        () => ['human', 'none'].includes(document.querySelector('#app').dataset.waiting) && document.querySelector('#app').dataset.phase !== 'game-over',
        null,
        { timeout: 120_000 },
      );
      if (await page.locator('#next-deal:visible').count()) {
        await page.click('#next-deal');
        continue;
      }
      const selector = await page.evaluate(nextClick);
      if (!selector) {
        await page.waitForTimeout(20);
        continue;
      }
      const before = await page.evaluate(() => document.querySelector('#app').dataset.moves);
      await page.evaluate(() => Object.assign(window.__writes, { nodes: 0, attributes: 0, texts: 0 }));
      const m0 = await metrics(cdp);
      const t = await timedClick(page, selector);
      const m1 = await metrics(cdp);
      const writes = await page.evaluate(() => ({ ...window.__writes }));
      const moved = await page.evaluate((b) => document.querySelector('#app').dataset.moves !== b, before);
      // A chooser opened (no move yet): not a move; the next pass answers it.
      if (!moved) continue;
      samples.push({
        ...t,
        style: m1.style - m0.style,
        layout: m1.layout - m0.layout,
        script: m1.script - m0.script,
        written: writes.nodes + writes.attributes + writes.texts,
      });
      await page.waitForFunction((b) => document.querySelector('#app').dataset.moves !== b, before);
    }
    const counted = samples.slice(2);
    const med = (k) => round(median(counted.map((s) => s[k])));
    return {
      deals: n,
      load_s: round(loadSeconds),
      rows_in_sheet: shownRows,
      moves: counted.length,
      handler_ms: med('handler'),
      paint_ms: med('paint'),
      style_ms: med('style'),
      layout_ms: med('layout'),
      script_ms: med('script'),
      written_median: med('written'),
      written_most: Math.max(...counted.map((s) => s.written)),
      paint_ms_each: counted.map((s) => round(s.paint)),
      problems: problems.all(),
    };
  } finally {
    await context.close().catch(() => {});
    await server.close();
  }
}

const browser = await launchBrowser();
const out = { throttle, viewport: `${width}x${height}`, moves, chromium: browser.version(), builds: {} };
try {
  const two = await twoDeals(browser, dists[0].dir);
  for (const d of dists) out.builds[d.label] = { dist: d.dir, sizes: [] };
  for (const n of sizes) {
    for (const d of dists) {
      const r = await oneSize(browser, d, two, n);
      out.builds[d.label].sizes.push(r);
      console.error(
        `${d.label} ${n} deals: paint ${r.paint_ms} ms, handler ${r.handler_ms} ms, style ${r.style_ms}, layout ${r.layout_ms}, ` +
          `script ${r.script_ms} ms, ${r.written_median} DOM writes (most ${r.written_most}), ${r.rows_in_sheet} rows, loaded in ${r.load_s} s`,
      );
    }
  }
} finally {
  await browser.close();
}
console.log(JSON.stringify(out, null, 2));
