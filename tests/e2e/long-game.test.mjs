// A move costs the same at deal 3 and deal 401 (src/web/view/sheet.rs): the
// score sheet shows the latest 30 deals (all on request) and writes only
// the rows that changed, so what a move writes into the page does not grow
// with the game. Counted, not timed (timings are scripts/bench-long-game.mjs's,
// not CI's): a MutationObserver over the whole document counts the nodes
// each move adds or removes (with everything inside them), the attributes
// and the texts it sets; over the score sheet, the rows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DIST_DIR, launchBrowser, newPage, startServer } from './harness.mjs';
import { ready, waitForTurn, humanMove, twoComputerDeals, versionOneSave } from './play-helpers.mjs';
import { assertAxeClean } from './a11y-helpers.mjs';

/** Runs in the page: counts what is written into the DOM, and into the score sheet. */
function countWrites() {
  const w = (window.__writes = { nodes: 0, attributes: 0, texts: 0, sheet: 0, rowsAdded: 0, rowsRemoved: 0, finishedAdded: 0, finishedRemoved: 0 });
  const rows = (list) => [...list].filter((n) => n.nodeName === 'TR');
  const finished = (list) => rows(list).filter((n) => !n.classList.contains('live'));
  // A node and everything in it (a table written whole counts all its rows).
  const size = (list) => [...list].reduce((n, node) => n + 1 + (node.querySelectorAll?.('*').length ?? 0), 0);
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'childList') {
        w.nodes += size(r.addedNodes) + size(r.removedNodes);
        if (r.target.closest?.('#scores')) w.sheet += size(r.addedNodes) + size(r.removedNodes);
        if (r.target.closest?.('#scores tbody')) {
          w.rowsAdded += rows(r.addedNodes).length;
          w.rowsRemoved += rows(r.removedNodes).length;
          w.finishedAdded += finished(r.addedNodes).length;
          w.finishedRemoved += finished(r.removedNodes).length;
        }
      } else if (r.type === 'attributes') w.attributes += 1;
      else w.texts += 1;
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** Plays the person's moves of the deal in progress; what each (with the computer's answer) wrote. */
async function movesOfOneDeal(page) {
  await page.evaluate(countWrites);
  const moves = [];
  for (let guard = 0; guard < 60; guard++) {
    const s = await waitForTurn(page);
    if (s.phase !== 'playing') return moves;
    await page.evaluate(() => { for (const k of Object.keys(window.__writes)) window.__writes[k] = 0; });
    await humanMove(page);
    const after = await waitForTurn(page);
    const w = await page.evaluate(() => ({ ...window.__writes }));
    moves.push({ ...w, total: w.nodes + w.attributes + w.texts, dealOver: after.phase !== 'playing' });
  }
  throw new Error('the deal did not end');
}

/** Finished deals the score sheet shows (`scene::SHEET_LATEST`), unless asked for all. */
const LATEST = 30;
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

test('a move writes as much into the page at deal 401 as at deal 3, and the sheet stays whole', { timeout: 180_000 }, async () => {
  const server = await startServer({ root: DIST_DIR });
  const browser = await launchBrowser();
  try {
    const { page, problems } = await newPage(browser, { allowedOrigin: server.origin });
    const open = (path) => page.goto(server.url + path);
    const two = await twoComputerDeals(page, open, 'long-game-dom');
    const byLength = {};
    for (const finished of [2, 400]) {
      // (Every move of the deal is a click measured on its own: the last
      // card does not play itself, decision 13's setting off.)
      await page.evaluate((text) => {
        localStorage.clear();
        localStorage.setItem('duck-soup.game', text);
        localStorage.setItem('duck-soup.settings', JSON.stringify({ auto_play: false }));
      }, JSON.stringify(versionOneSave(two, finished)));
      await open('?pace=0');
      await ready(page);
      await waitForTurn(page);
      const moves = await movesOfOneDeal(page);
      byLength[finished] = moves;
      for (const [i, m] of moves.entries()) {
        // The deal in play's row is written again as its figures change; a
        // finished deal's row is written once, when the deal ends (the
        // oldest shown then makes way), and no finished row is written again.
        const at = `${finished} deals, move ${i + 1}`;
        assert.ok(m.rowsAdded <= 2, `${at}: ${m.rowsAdded} rows written`);
        assert.equal(m.finishedAdded, m.dealOver ? 1 : 0, `${at}: finished rows written`);
        assert.equal(m.finishedRemoved, m.dealOver && finished >= LATEST ? 1 : 0, `${at}: finished rows removed`);
      }
      const shown = await page.evaluate(() => [...document.querySelectorAll('#scores tbody tr:not(.live)')].map((tr) => Number(tr.dataset.deal)));
      const first = Math.max(1, finished + 2 - LATEST);
      assert.deepEqual(shown, Array.from({ length: finished + 2 - first }, (_, k) => first + k), `the latest ${LATEST} deals, in order`);
      // The sheet written move by move is the sheet written from scratch.
      const sheet = await page.locator('#scores').innerHTML();
      await open('?pace=0');
      await ready(page);
      await page.waitForSelector('#app[data-phase="deal-over"]');
      assert.equal(await page.locator('#scores').innerHTML(), sheet, 'a reload shows the same score sheet');
      // Every deal, on request; then the latest again.
      const all = page.locator('#scores button.all-deals');
      if (finished + 1 <= LATEST) {
        assert.equal(await all.isVisible(), false, 'no switch when every deal shows');
        continue;
      }
      await assertAxeClean(page, 'the score sheet with the latest deals');
      assert.equal(await all.innerText(), `All ${finished + 1} deals`);
      assert.equal(await all.getAttribute('aria-pressed'), 'false');
      await all.click();
      await page.waitForSelector('#scores button.all-deals[aria-pressed="true"]');
      assert.equal(await page.locator('#scores tbody tr:not(.live)').count(), finished + 1, 'every finished deal has its row');
      assert.equal(await page.locator('#scores tbody tr').first().getAttribute('data-deal'), '1');
      await assertAxeClean(page, 'the score sheet with every deal');
      await all.click();
      await page.waitForSelector('#scores button.all-deals[aria-pressed="false"]');
      assert.equal(await page.locator('#scores').innerHTML(), sheet, 'the latest deals again, as before');
    }
    // (The whole page's count is reported, not compared: a timer's render,
    // the banner's or the finished trick's, falls inside a move's count or not.)
    const [short, long] = [byLength[2], byLength[400]].map((ms) => ms.map((m) => m.total));
    console.log(`DOM writes per move: at deal 3 median ${median(short)}, most ${Math.max(...short)}; at deal 401 median ${median(long)}, most ${Math.max(...long)}`);
    // The same deal from the same position (the computer, Normal, decides
    // alike): the score sheet writes as much at deal 401 as at deal 3 (a
    // sheet written whole would write thousands of nodes), but for the
    // deal's end, when the oldest row shown makes way.
    assert.equal(byLength[2].length, byLength[400].length, 'the same deal, the same moves');
    for (const [i, m] of byLength[400].entries()) {
      const was = byLength[2][i].sheet;
      if (m.dealOver) assert.ok(m.sheet <= was + 12, `the deal's last move: ${m.sheet} nodes written into the sheet at deal 401, ${was} at deal 3`);
      else assert.equal(m.sheet, was, `move ${i + 1}: nodes written into the sheet at deal 401 and at deal 3`);
    }
    assert.deepEqual(problems.all(), []);
  } finally {
    await browser.close();
    await server.close();
  }
});
