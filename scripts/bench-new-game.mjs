// A new game's start, task by task, in headless Chromium with its CPU slowed
// 4x (a phone): the new-game dialog filled in (South a person, the game
// asked for), then the click on Start traced until the dialog has closed and
// a second more. Every task of the page's main thread with over 10 ms of CPU
// time is printed in order, with what it was (the click's, a timer's, a
// frame's), its CPU time (thread time: less dependent on a busy machine than
// its duration, which is given too), the elements restyled and the objects
// laid out in it (with the number of layouts), which do not depend on the
// machine's load at all; and the click's latency to the next paint (Event
// Timing: the longest entry of its interaction). Builds take turns run by run.
//
//   node scripts/bench-new-game.mjs [--game partnership] [--size 360x800] [--runs 3] DIST...
import { DIST_DIR, launchBrowser, newPage, startServer } from '../tests/e2e/harness.mjs';

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args.splice(i, 2)[1] : dflt;
};
const game = flag('game', 'partnership');
const [width, height] = flag('size', '360x800').split('x').map(Number);
const runs = Number(flag('runs', '3'));
const dirs = args.length ? args : [DIST_DIR];

/** The main thread's tasks over 10 ms of CPU in a trace, each summed up. */
function tasks(events) {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const main = events.filter((e) => mains.has(`${e.pid}:${e.tid}`) && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const ms = (us) => Math.round(us / 100) / 10;
  return main
    .filter((e) => e.name === 'RunTask' && (e.tdur ?? 0) > 10_000)
    .map((t) => {
      const inside = main.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur);
      const has = (f) => inside.some(f);
      const kind = has((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click')
        ? 'click'
        : has((e) => e.name === 'TimerFire')
          ? 'timer'
          : has((e) => /^(FireAnimationFrame|PrePaint|Paint|UpdateLayoutTree|Layout)$/.test(e.name))
            ? 'frame'
            : 'other';
      const layouts = inside.filter((e) => e.name === 'Layout');
      return {
        kind,
        cpu_ms: ms(t.tdur ?? 0),
        duration_ms: ms(t.dur),
        restyled: inside.filter((e) => e.name === 'UpdateLayoutTree').reduce((n, e) => n + (e.args?.elementCount ?? 0), 0),
        laid_out: layouts.reduce((n, e) => n + (e.args?.beginData?.dirtyObjects ?? 0), 0),
        layouts: layouts.length,
      };
    });
}

const browser = await launchBrowser();
const out = { game, size: `${width}x${height}`, runs, builds: {} };
try {
  for (let run = 0; run < runs; run++) {
    for (const dir of dirs) {
      const server = await startServer({ root: dir });
      const { context, page } = await newPage(browser, { allowedOrigin: server.origin, viewport: { width, height } });
      try {
        await page.addInitScript(() => {
          window.__events = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) if (e.interactionId) window.__events.push({ id: e.interactionId, name: e.name, duration: e.duration });
          }).observe({ type: 'event', durationThreshold: 16, buffered: true });
        });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(`${server.url}?pace=1&seed=new-game-${game}`);
        await page.waitForSelector('body[data-ready]');
        await page.click('#new-game');
        await page.waitForSelector('#new-game-dialog[open]');
        await page.check(`#new-game-dialog input[name=game][value="${game}"]`);
        await page.selectOption('#new-game-dialog select[data-seat="0"]', 'human');
        await page.waitForTimeout(500);
        const seen = await page.evaluate(() => window.__events.length);
        const events = [];
        cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
        await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
        await page.click('#start-game');
        await page.waitForSelector('#new-game-dialog', { state: 'hidden' });
        await page.waitForTimeout(1000);
        const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
        await cdp.send('Tracing.end');
        await done;
        const rows = tasks(events);
        // The Start click's interaction: the first one after those seen before it.
        const after = await page.evaluate((n) => window.__events.slice(n), seen);
        const first = after[0]?.id;
        const latency = Math.max(0, ...after.filter((e) => e.id === first).map((e) => e.duration));
        (out.builds[dir] ??= []).push({ click_to_paint_ms: latency, tasks: rows });
        console.error(
          `run ${run + 1} ${dir}: click to next paint ${latency} ms; ` +
            rows.map((r) => `${r.kind} ${r.cpu_ms} ms CPU (${r.duration_ms} ms), restyled ${r.restyled}, laid out ${r.laid_out} in ${r.layouts}`).join(' | '),
        );
      } finally {
        await context.close().catch(() => {});
        await server.close();
      }
    }
  }
} finally {
  await browser.close();
}
console.log(JSON.stringify(out, null, 2));
