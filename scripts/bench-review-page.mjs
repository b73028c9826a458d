// Time to review one deal in the page: a deal of each game played by
// `duck-soup play --seats expert,random --deals 1` (seeds 1..RUNS, default 3;
// the Expert at 100 play-outs, which only chooses the moves), imported into
// the viewer's page, then *Review this deal from this seat* (South): the
// review's worker judges each of South's moves at the page's budget (the
// Expert player's, 10,000 play-outs a move; `PLAYOUTS=N` for another), one
// move a message. Prints per game the median and range of the time from the
// click to the summary, the moves judged, and the page's longest task
// meanwhile (the judging never runs on the page's thread). Run after
// `bash scripts/test.sh build` from the repository's root, with the command
// line built (`DUCK_SOUP=path`, default target/release/duck-soup).
import { execFileSync } from 'node:child_process';
import { withPage } from '../tests/e2e/harness.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const PLAYOUTS = process.env.PLAYOUTS ? `&playouts=${process.env.PLAYOUTS}` : '';
const BIN = process.env.DUCK_SOUP ?? 'target/release/duck-soup';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

for (const game of ['two-player', 'three-player', 'partnership']) {
  const times = [];
  const longest = [];
  const moves = [];
  for (let seed = 1; seed <= RUNS; seed++) {
    const record = execFileSync(BIN, ['play', '--game', game, '--seats', 'expert,random', '--deals', '1', '--seed', String(seed), '--playouts', '100'], { encoding: 'utf8' });
    await withPage({ path: `viewer.html?pace=0&lang=en${PLAYOUTS}` }, async ({ page }) => {
      await page.waitForSelector('body[data-ready]');
      await page.click('#share-tool');
      await page.fill('#record-paste', record);
      await page.click('#record-import');
      await page.waitForSelector('#review-start');
      const r = await page.evaluate(
        () =>
          new Promise((done) => {
            let long = 0;
            const watch = new PerformanceObserver((l) => {
              for (const e of l.getEntries()) long = Math.max(long, e.duration);
            });
            watch.observe({ type: 'longtask' });
            const t0 = performance.now();
            document.querySelector('#review-start').click();
            const check = () => {
              const summary = document.querySelector('#review-summary');
              if (summary && summary.textContent) {
                watch.disconnect();
                done({ ms: performance.now() - t0, moves: document.querySelectorAll('#review-strip .review-mark').length, long });
              } else {
                setTimeout(check, 20);
              }
            };
            check();
          }),
      );
      times.push(r.ms / 1000);
      longest.push(r.long);
      moves.push(r.moves);
    });
  }
  const s = (x) => x.toFixed(1);
  const perMove = times.map((t, i) => (t * 1000) / moves[i]);
  console.log(
    `${game}: ${moves.join(', ')} moves; a deal reviewed in ${s(median(times))} s (median of ${RUNS}; ${s(Math.min(...times))}-${s(Math.max(...times))}), ` +
      `${Math.round(median(perMove))} ms a move (median); the page's longest task meanwhile ${Math.round(Math.max(...longest))} ms (0: none over 50 ms)`,
  );
}
