// The deal review (src/web/controller/judging.rs, records/review.rs,
// view/review_panel.rs): after a deal played by clicks, the deal-over panel's
// "Review this deal" hands the table over to the viewer's page, which opens the
// deal in the replay viewer and judges each of the person's moves in a
// worker, one a message: the progress bar fills while the table answers
// clicks, then the strip of marks and the summary; a mark opens the viewer
// at that move with every move's value, the played and the best marked. A
// review can be stopped; a record link with &review=1 reviews at once; every
// person's seat in pass-and-play; the three-player and partnership games; in
// English and Japanese, at 360 px too, axe clean. `playouts` is small so
// that a review takes seconds (the page's budget is measured in
// BENCHMARKS.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage } from './harness.mjs';
import { humanMove, newGame, playDeal, ready, state, waitForTurn } from './play-helpers.mjs';
import { assertAxeClean } from './a11y-helpers.mjs';

const PUZZLE = 'AQAHcGFybGV0dAE8AQAHcnVsZXMtNRVEXq0EXGQ25_4Vxj70MtdBPVoMagEWYQ';

/** The strip's marks: [mark, text, label] of each. */
const marks = (page) =>
  page.$$eval('#review-strip .review-mark', (bs) => bs.map((b) => [b.dataset.mark, b.textContent, b.getAttribute('aria-label')]));

/** Plays a two-player deal by clicks and opens its review (handing over to the viewer's page). */
async function playAndReview(page, lang) {
  await ready(page);
  await playDeal(page);
  // The deal-over panel offers it (the game-over panel, when the deal ended the game).
  const button = page.locator('#deal-end-review, #game-over-review');
  await button.first().waitFor();
  assert.equal(await button.first().innerText(), lang === 'ja' ? 'このディールを検討' : 'Review this deal');
  await button.first().click();
  // The tab reloads into the viewer's page, which opens the deal in the viewer.
  await page.waitForSelector('#deal-review[data-kind="review"]', { timeout: 30_000 });
  await ready(page);
  // Every value the progress bar takes from here on.
  await page.evaluate(() => {
    window.__progress = [Number(document.querySelector('#review-bar').getAttribute('value'))];
    new MutationObserver(() => {
      window.__progress.push(Number(document.querySelector('#review-bar').getAttribute('value')));
    }).observe(document.querySelector('#review-bar'), { attributes: true, attributeFilter: ['value'] });
  });
}

/** Waits for the review's summary. */
async function waitForReview(page) {
  await page.waitForSelector('#review-summary:not(:empty)', { timeout: 120_000 });
}

for (const lang of ['en', 'ja']) {
  test(`a deal played by clicks is reviewed move by move (${lang})`, async () => {
    // (More playouts than the other tests': the review lasts a few seconds,
    // so that the clicks below are made while it runs.)
    const path = `?pace=0&seed=review-${lang}&playouts=4000&lang=${lang}`;
    await withPage({ path }, async ({ page, problems, screenshot }) => {
      await playAndReview(page, lang);
      // The table answers clicks while the worker judges: each of five
      // clicks puts the viewer's step on the table in the click's own task
      // (the judging is the worker's, never the page's). How long a step
      // takes depends on the machine's load: it is said, not judged here
      // (BENCHMARKS.md keeps the speed figures). The five are made in one
      // go, so that the review, which ends only by a message the page reads
      // between tasks, is running for all of them.
      const { running, times } = await page.evaluate(() => {
        const running = !document.querySelector('#review-progress').hidden;
        const times = ['#replay-back', '#replay-forward', '#replay-back', '#replay-forward', '#replay-back'].map((id) => {
          const before = document.querySelector('#replay-pos').dataset.pos;
          const t0 = performance.now();
          document.querySelector(id).click();
          const moved = document.querySelector('#replay-pos').dataset.pos !== before;
          return moved ? performance.now() - t0 : Infinity;
        });
        return { running, times };
      });
      assert.ok(running, 'the review was running during the clicks');
      assert.ok(times.every(Number.isFinite), `every click stepped the viewer in its own task: ${times}`);
      console.log(`# clicks during the review took ${times.map(Math.round)} ms`);
      await waitForReview(page);
      const seen = await page.evaluate(() => window.__progress);
      assert.ok(new Set(seen).size >= 3, `the progress bar advanced: ${seen}`);
      assert.deepEqual([...seen].sort((a, b) => a - b), seen, 'never backwards');
      assert.equal(await page.locator('#review-progress').isHidden(), true);
      // Every move of South's marked, none left pending.
      const m = await marks(page);
      assert.ok(m.length >= 8, `South's moves: ${m.length}`);
      for (const [mark, text, label] of m) {
        assert.ok(['good', 'inaccuracy', 'mistake'].includes(mark), mark);
        assert.ok(text.length > 0 && label.startsWith(text), label);
        assert.match(label, lang === 'ja' ? /手目・南：/ : / · Move \d+, South: /);
      }
      const summary = await page.locator('#review-summary').innerText();
      assert.match(
        summary,
        lang === 'ja' ? /^ミス\d+回、不正確\d+回：合計で約\d+点の損。$/ : /^(1 mistake|\d+ mistakes), (1 inaccuracy|\d+ inaccuracies): about \d+ points lost in all\.$/,
      );
      await screenshot(`review-done-${lang}`);

      // A mark opens the viewer before that move, with every move's value.
      const worst = m.findIndex(([mark]) => mark === 'mistake');
      const pick = worst >= 0 ? worst : 0;
      const mark = page.locator('#review-strip .review-mark').nth(pick);
      const index = Number((await mark.getAttribute('id')).replace('review-mark-', ''));
      await mark.focus();
      await page.keyboard.press('Enter');
      await page.waitForSelector('#review-detail:not([hidden]) .review-values');
      assert.equal(await page.locator('#replay-pos').getAttribute('data-pos').then(Number), index);
      assert.equal(await page.locator(`#review-mark-${index}`).getAttribute('aria-current'), 'step');
      // The focus stays on the mark used.
      assert.equal(await page.evaluate(() => document.activeElement.id), `review-mark-${index}`);
      const rows = await page.$$eval('#review-detail li', (lis) =>
        lis.map((li) => ({ best: li.hasAttribute('data-best'), played: li.hasAttribute('data-played'), value: li.querySelector('.review-value').textContent, tags: li.querySelector('.review-tags')?.textContent ?? '' })),
      );
      assert.ok(rows.length >= 1);
      assert.equal(rows.filter((r) => r.played).length, 1, 'one played move');
      assert.equal(rows.filter((r) => r.best).length, 1, 'one best move');
      assert.ok(rows[0].best || rows.find((r) => r.best).played, 'best first (or the move played is as good)');
      for (const r of rows) {
        assert.match(r.value, lang === 'ja' ? /^(約[+−]?\d+ ± \d+|[+−]?\d+（確定）)$/ : /^(about [+−]?\d+ ± \d+|[+−]?\d+ \(exact\))$/);
      }
      const played = rows.find((r) => r.played);
      assert.match(played.tags, lang === 'ja' ? /実際の手/ : /played/);
      await screenshot(`review-values-${lang}`);
      await assertAxeClean(page, `the review (${lang})`);

      // Positions where one move is clearly best are offered as puzzles: the
      // author's tool opens there with its puzzle box ticked.
      if (lang === 'en') {
        const idea = page.locator('#review-ideas button').first();
        assert.ok((await page.locator('#review-ideas button').count()) > 0, 'this deal has puzzle ideas');
        await idea.click();
        await page.waitForSelector('#share-dialog[open] #author-link');
        assert.equal(await page.isChecked('#author-puzzle'), true);
        assert.match(await page.inputValue('#author-link'), /&puzzle=\d+/);
        assert.match(await page.locator('#author-suggested').innerText(), /clearly better/);
        await screenshot('review-puzzle-idea');
        await page.click('#share-close');
      }

      // At 360 px the panel wraps and stays usable.
      await page.setViewportSize({ width: 360, height: 800 });
      await page.locator('#review-strip').scrollIntoViewIfNeeded();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 362, `no sideways scrolling at 360 px (${width})`);
      await screenshot(`review-phone-${lang}`);
      assert.deepEqual(problems.all(), []);
    });
  });
}

test('a review can be stopped; the viewer offers one for any seat of a record; &review=1 reviews at once', async () => {
  await withPage({ path: `viewer.html?pace=0&lang=en&playouts=3000&r=${PUZZLE}&at=1` }, async ({ page, problems }) => {
    await ready(page);
    await page.waitForSelector('#replay-bar');
    // The viewer's offer: a review of the deal on show, from the seat shown.
    await page.selectOption('#replay-seat', '1');
    await page.click('#review-start');
    await page.waitForSelector('#review-cancel:not([hidden])');
    assert.match(await page.locator('#review-title').innerText(), /^Review of deal 1 · North$/);
    await page.click('#review-cancel');
    await page.waitForSelector('#review-summary:not(:empty)');
    assert.match(await page.locator('#review-summary').innerText(), /^Stopped after \d+ of \d+ moves\./);
    assert.equal(await page.locator('#review-cancel').isHidden(), true);
    assert.ok((await marks(page)).some(([mark]) => mark === 'pending'), 'the moves not judged stay unmarked');
    assert.deepEqual(problems.all(), []);
  });
  await withPage({ path: `viewer.html?pace=0&lang=ja&playouts=200&r=${PUZZLE}&review=1` }, async ({ page, problems }) => {
    await ready(page);
    await waitForReview(page);
    assert.match(await page.locator('#review-title').innerText(), /^ディール1の検討 · 南$/);
    assert.ok((await marks(page)).length > 0);
    assert.deepEqual(problems.all(), []);
  });
});

test('a puzzle shows every move\'s value once answered', async () => {
  await withPage({ path: `viewer.html?pace=0&lang=en&playouts=300&r=${PUZZLE}&puzzle=24` }, async ({ page, problems }) => {
    await ready(page);
    await page.waitForSelector('body.puzzling');
    await page.locator('#app .seat.pos-bottom button.card.playable[data-card]').first().click();
    await page.waitForSelector('#puzzle-values:not([hidden]) .review-values', { timeout: 60_000 });
    assert.match(await page.locator('#replay-note').innerText(), /^(Right!|You chose)/);
    const rows = await page.$$eval('#puzzle-values li', (lis) => lis.map((li) => li.hasAttribute('data-played')));
    assert.ok(rows.length >= 2 && rows.filter(Boolean).length === 1);
    assert.deepEqual(problems.all(), []);
  });
});

test('a deal of the three-player and the partnership game is reviewed too', async () => {
  // Real deals: conformance records' links pinned in tests/pinned_links.rs.
  const links = {
    'three-player': 'AQErcGFybGV0dCxzY29yaW5nOmNhcmRzLGNvbWJpbmU6YWRkLHRhcmdldDozMAE2AC_Lyj_0mbputKVAfazNuHvnFfcfgtbV8wpDGniWhVRzJ0zpaS3a92rZ_Yo8hnSlRFa7',
    partnership: 'AQoScGFybGV0dCx0YXJnZXQ6MzAwAjQATebizqdGB2Gaq9ruAOoV0OJ3yXHwinwo7vCaWg_0YO1XYriexOWOQTHxLUtFHN6_F8ym_ZxChtIuTE4elw8nue-eC5JrNkSo4HFrXaCY29c',
  };
  for (const [game, link] of Object.entries(links)) {
    await withPage({ path: `viewer.html?pace=0&lang=en&playouts=200&r=${link}&review=1` }, async ({ page, problems }) => {
      await ready(page);
      await waitForReview(page);
      const m = await marks(page);
      assert.ok(m.length >= 3, `${game}: ${m.length} moves`);
      assert.ok(m.every(([mark]) => ['good', 'inaccuracy', 'mistake'].includes(mark)), `${game}: every move judged`);
      // The first mark's values: every legal move, one played, one best.
      await page.click('#review-strip .review-mark');
      await page.waitForSelector('#review-detail:not([hidden]) li');
      const flags = await page.$$eval('#review-detail li', (lis) => lis.map((li) => [li.hasAttribute('data-played'), li.hasAttribute('data-best')]));
      assert.equal(flags.filter(([p]) => p).length, 1, game);
      assert.equal(flags.filter(([, b]) => b).length, 1, game);
      assert.deepEqual(problems.all(), []);
    });
  }
});

test('pass and play: every person\'s moves are reviewed', async () => {
  await withPage({ path: '?seed=review-pp&pace=0&playouts=200&lang=en' }, async ({ page, problems }) => {
    await ready(page);
    await newGame(page, { game: 'two-player', seats: ['human', 'human'] });
    await playAndReview(page, 'en');
    await waitForReview(page);
    assert.equal(await page.locator('#review-title').innerText(), 'Review of deal 1 · South, North');
    const m = await marks(page);
    const total = Number(await page.locator('#replay-pos').getAttribute('data-total'));
    assert.equal(m.length, total, 'every move of the deal, both seats being people');
    assert.ok(m.some(([, , label]) => / · Move \d+, North: /.test(label)));
    assert.ok(m.some(([, , label]) => / · Move \d+, South: /.test(label)));
    assert.deepEqual(problems.all(), []);
  });
});

/** The cards of the hand at the bottom of the table, sorted. */
const bottomHand = (page) =>
  page.$$eval('#app .seat.pos-bottom .card[data-card]', (cs) => cs.map((c) => c.dataset.card).sort());

// *Play from here* (page::review::FromHere, decision 14): a marked move's
// position on a practice table of its own, the person in the mover's seat
// against the Expert, then back to the review where they left it. By a
// click on a desktop in English, by the keyboard (P) on a 360 px phone in
// Japanese.
for (const { lang, viewport, name, by } of [
  { lang: 'en', viewport: undefined, name: 'desktop-en', by: 'click' },
  { lang: 'ja', viewport: { width: 360, height: 740 }, name: 'phone-ja', by: 'key' },
]) {
  test(`play from here, from a review's mark (${name}, by ${by})`, async () => {
    await withPage({ path: `viewer.html?pace=0&lang=${lang}&playouts=200&r=${PUZZLE}&review=1`, viewport }, async ({ page, problems, screenshot }) => {
      await ready(page);
      await waitForReview(page);
      const summary = await page.locator('#review-summary').innerText();
      // Not offered where no marked move is on show (North's move, by the viewer's keys).
      const m = await marks(page);
      const marked = new Set(await page.$$eval('#review-strip .review-mark', (bs) => bs.map((b) => Number(b.id.replace('review-mark-', '')))));
      let unmarked = 0;
      while (marked.has(unmarked)) unmarked++;
      // (A review link opens at the deal's start.)
      await page.waitForSelector('#replay-pos[data-pos="0"]');
      await page.locator('#replay-forward').focus();
      for (let i = 0; i < unmarked; i++) await page.keyboard.press('ArrowRight');
      await page.waitForSelector(`#replay-pos[data-pos="${unmarked}"]`);
      assert.equal(await page.locator('#review-from-here').isVisible(), false, "North's move on show");
      await page.keyboard.press('p');
      assert.equal(await page.locator('#practice-end').isVisible(), false, 'P does nothing there');
      // A mistake if there is one (the better line is worth finding), else the first mark.
      const pick = Math.max(0, m.findIndex(([mark]) => mark === 'mistake'));
      const mark = page.locator('#review-strip .review-mark').nth(pick);
      const index = Number((await mark.getAttribute('id')).replace('review-mark-', ''));
      await mark.click();
      await page.waitForSelector(`#replay-pos[data-pos="${index}"]`);
      const offer = page.locator('#review-from-here');
      await offer.waitFor();
      assert.equal(await offer.innerText(), lang === 'ja' ? 'ここからプレイ' : 'Play from here');
      const label = await offer.getAttribute('aria-label');
      assert.equal(
        label,
        lang === 'ja'
          ? `ここからプレイ：このディールの${index + 1}手目から南として、他の席はすべて達人（P）`
          : `Play from here: move ${index + 1} of the deal as South, every other seat Expert (P)`,
      );
      assert.equal(await offer.getAttribute('aria-keyshortcuts'), 'P');
      const before = await bottomHand(page);
      assert.ok(before.length > 0);
      await screenshot(`review-from-here-${name}`);

      // Into the practice: the table at that position, the person's turn.
      if (by === 'click') {
        await offer.click();
      } else {
        await mark.focus();
        await page.keyboard.press('p');
      }
      await page.waitForSelector('#practice-end:not([hidden])');
      await waitForTurn(page);
      assert.equal(await page.locator('#replay-bar').count(), 0, "the viewer's bar gives way to the table");
      assert.equal(await page.locator('#deal-review').count(), 0);
      assert.deepEqual(await bottomHand(page), before, "the mover's hand as it was before the move");
      assert.equal((await state(page)).waiting, 'human', 'your move, as South');
      // Said, for screen readers too (the message is a live region).
      assert.equal(
        await page.locator('#message').innerText(),
        lang === 'ja'
          ? `練習：ディール1の${index + 1}手目から。あなたは南、他の席はすべて達人。得点には数えません。`
          : `Practice from move ${index + 1} of deal 1: you play South, every other seat is Expert. Not counted.`,
      );
      assert.equal(await page.locator('#message').getAttribute('aria-live'), 'polite');
      assert.equal(await page.locator('#practice-end').innerText(), lang === 'ja' ? '検討に戻る' : 'Back to the review');
      // Another line than the record's: a move, and the Expert answers.
      const moves = (await state(page)).moves;
      await humanMove(page, { leadDuck: true });
      await waitForTurn(page);
      assert.ok((await state(page)).moves > moves, 'the practice went on');
      await screenshot(`play-from-here-${name}`);
      await assertAxeClean(page, `play from here (${lang})`);

      if (by === 'click') {
        // To the practice's end: again from the same position, or back.
        await playDeal(page, { leadDuck: true });
        await page.waitForSelector('#deal-end:not([hidden]) #practice-back');
        assert.equal(await page.locator('#practice-back').innerText(), 'Back to the review');
        assert.equal(await page.locator('#deal-end-practise').innerText(), 'Again from here');
        assert.equal(await page.locator('#game-over').isVisible(), false);
        await screenshot(`play-from-here-over-${name}`);
        await page.click('#deal-end-practise');
        await page.waitForSelector('#deal-end', { state: 'hidden' });
        await waitForTurn(page);
        assert.deepEqual(await bottomHand(page), before, 'the same position again');
        await page.click('#practice-end');
      } else {
        await page.locator('#practice-end').focus();
        await page.keyboard.press('Enter');
      }

      // Back to the review where it was left: the same move on show, the
      // review as it was, the way back said and the focus on Play from here.
      await page.waitForSelector('#deal-review[data-kind="review"]');
      await page.waitForSelector(`#replay-pos[data-pos="${index}"]`);
      assert.equal(await page.locator('#review-summary').innerText(), summary);
      assert.equal(await page.locator(`#review-mark-${index}`).getAttribute('aria-current'), 'step');
      assert.deepEqual(await bottomHand(page), before);
      assert.equal(await page.locator('#practice-end').isVisible(), false);
      assert.equal(await page.evaluate(() => document.activeElement.id), 'review-from-here');
      const said = await page.locator('#announcer').innerText();
      assert.ok(
        said.includes(lang === 'ja' ? `ディール1の検討に戻りました（${index + 1}手目の前）。` : `Back to the review of deal 1, before move ${index + 1}.`),
        said,
      );
      await screenshot(`review-back-${name}`);
      assert.deepEqual(problems.all(), []);
    });
  });
}
