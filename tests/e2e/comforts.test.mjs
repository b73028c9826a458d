// The comforts of the table (src/page/table.rs, decisions 12 and 13): a
// move taken back against the computers (the button, and Ctrl+Z), refused
// where it must be; a person's one legal move playing itself; the deal just
// finished played again for practice, and back to the game. Played by
// clicks, in English on a desktop and in Japanese on a 360 px phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage } from './harness.mjs';
import { INDEX_CORNER, humanMove, newGame, playDeal, ready, state, waitForTurn } from './play-helpers.mjs';

const PHONE = { width: 360, height: 740 };

/** What the table shows of the position: your hand, the trick, the scores. */
async function position(page) {
  return page.evaluate(() => ({
    hand: [...document.querySelectorAll('#app .seat.pos-bottom button.card[data-card]')].map((c) => c.dataset.card).sort(),
    trick: [...document.querySelectorAll('#trick .card[data-card]')].map((c) => c.dataset.card),
    totals: [...document.querySelectorAll('#scores tfoot td')].map((td) => td.innerText),
    stock: document.querySelector('.stock')?.innerText ?? '',
  }));
}

/** Clicks (or presses) and waits until the table has changed (its move counter). */
async function changes(page, act) {
  const before = await page.locator('#app').getAttribute('data-moves');
  await act();
  await page.waitForFunction((b) => document.querySelector('#app').dataset.moves !== b, before, { timeout: 10_000 });
}

/** Makes your move as a person would (a led Duck's suit chosen too) and waits for your next turn (the computers answer at pace 0). */
async function playOne(page) {
  await humanMove(page, { leadDuck: true });
  return waitForTurn(page);
}

for (const { lang, viewport, undo, name } of [
  { lang: 'en', viewport: undefined, undo: 'button', name: 'desktop-en' },
  { lang: 'ja', viewport: PHONE, undo: 'keys', name: 'phone-ja' },
]) {
  test(`take back against the computers (${undo}, ${name}): the hand, the trick and the score as before`, async () => {
    await withPage({ path: `?seed=undo-${lang}&pace=0&lang=${lang}`, viewport }, async ({ page, problems, screenshot }) => {
      await ready(page);
      await waitForTurn(page);
      assert.equal(await page.locator('#take-back').isVisible(), false, 'nothing to take back before you move');
      // A few moves in, so that tricks and scores have moved.
      for (let i = 0; i < 3; i++) await playOne(page);
      const before = await position(page);
      const s = await playOne(page);
      assert.equal(s.phase, 'playing');
      const after = await position(page);
      assert.notDeepEqual(after.hand, before.hand, 'your card left your hand');
      await page.waitForSelector('#take-back:not([hidden])');
      assert.equal(await page.locator('#take-back').innerText(), lang === 'ja' ? '一手戻す' : 'Take back');
      await screenshot(`take-back-${name}`);
      if (undo === 'button') {
        await changes(page, () => page.click('#take-back'));
      } else {
        await page.locator('body').focus();
        await changes(page, () => page.keyboard.press('Control+z'));
      }
      await waitForTurn(page);
      const back = await position(page);
      assert.deepEqual(back, before, 'the table as it was before your move');
      assert.match(await page.locator('#message').innerText(), lang === 'ja' ? /戻しました/ : /Taken back/);
      // As many times as you like, back to the deal's start.
      let times = 0;
      while (await page.locator('#take-back').isVisible()) {
        await changes(page, () => page.click('#take-back'));
        await waitForTurn(page);
        assert.ok(++times < 20);
      }
      assert.equal((await position(page)).hand.length, 13, 'every card back in your hand');
      await screenshot(`take-back-start-${name}`);
      assert.deepEqual(problems.all(), []);
    });
  });
}

test('take back is not offered in the daily deal, nor to pass-and-play', async () => {
  await withPage({ path: '?daily&pace=0' }, async ({ page, problems }) => {
    await ready(page);
    await waitForTurn(page);
    await playOne(page);
    await playOne(page);
    assert.equal(await page.locator('#take-back').isVisible(), false, 'the daily deal is played as dealt');
    const moves = (await state(page)).moves;
    await page.locator('body').focus();
    await page.keyboard.press('Control+z');
    // (A key the table does not take changes nothing: the next frame shows the same count.)
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.equal((await state(page)).moves, moves, 'Ctrl+Z takes nothing back in the daily deal');

    await newGame(page, { game: 'two-player', seats: ['human', 'human'], seed: 'pass' });
    await page.waitForSelector('#app[data-waiting="privacy"]');
    await page.click('#privacy-continue');
    await waitForTurn(page);
    await changes(page, () =>
      page.locator('#app .seat.pos-bottom button.card.playable[data-card]').first().click({ position: INDEX_CORNER }),
    );
    assert.equal(await page.locator('#take-back').isVisible(), false, 'pass-and-play would show a hand');
    assert.deepEqual(problems.all(), []);
  });
});

test('your only card plays itself, unless the setting is off', async () => {
  await withPage({ path: '?seed=only&pace=0' }, async ({ page, problems }) => {
    await ready(page);
    // Every state the table goes through, recorded.
    await page.evaluate(() => {
      window.__waiting = [];
      const app = document.querySelector('#app');
      new MutationObserver(() => window.__waiting.push(app.dataset.waiting)).observe(app, {
        attributes: true,
        attributeFilter: ['data-waiting'],
      });
    });
    await playDeal(page);
    const seen = await page.evaluate(() => window.__waiting);
    assert.ok(seen.includes('only-move'), `your last card played itself: ${seen.join(' ')}`);
    assert.notEqual((await state(page)).phase, 'playing');

    // The setting off: the last card waits for you.
    await page.click('#settings-btn');
    await page.waitForSelector('#settings-dialog[open]');
    assert.equal(await page.locator('#set-auto-play').isChecked(), true, 'on by default');
    await page.uncheck('#set-auto-play');
    await page.click('#settings-close');
    await page.waitForSelector('#settings-dialog', { state: 'hidden' });
    await newGame(page, { game: 'two-player', seats: ['human', 'normal'], seed: 'only' });
    for (let guard = 0; guard < 60; guard++) {
      const s = await waitForTurn(page);
      assert.equal(s.phase, 'playing', 'the deal never ends without your last card');
      const hand = await page.locator('#app .seat.pos-bottom button.card[data-card]').count();
      if (hand === 1 && s.waiting === 'human') break;
      await playOne(page);
    }
    assert.equal(await page.locator('#app .seat.pos-bottom button.card.playable[data-card]').count(), 1);
    assert.equal((await state(page)).waiting, 'human', 'your one card waits for your click');
    // (Your last card quacked, you still say Duck: your move again.)
    for (let i = 0; i < 3 && (await state(page)).phase === 'playing'; i++) await playOne(page);
    assert.notEqual((await state(page)).phase, 'playing');
    assert.deepEqual(problems.all(), []);
  });
});

for (const { lang, viewport, name, game, seats } of [
  { lang: 'ja', viewport: PHONE, name: 'phone-ja', game: 'two-player', seats: ['human', 'hard'] },
  { lang: 'en', viewport: undefined, name: 'desktop-en', game: 'three-player', seats: ['human', 'normal', 'hard'] },
]) {
  test(`play this deal again (${name}): the same cards, not counted, then back to the game`, async () => {
    await withPage({ path: `?seed=again-${lang}&pace=0&lang=${lang}`, viewport }, async ({ page, problems, screenshot }) => {
      await ready(page);
      await newGame(page, { game, seats, seed: `again-${lang}` });
      await waitForTurn(page);
      const dealt = await position(page);
      // (A led Duck asks its suit: playDeal answers it.)
      await playDeal(page, { leadDuck: true });
      const panel = (await state(page)).phase === 'deal-over' ? '#deal-end' : '#game-over';
      await page.waitForSelector(`${panel}:not([hidden])`);
      const scored = await position(page);
      const practise = page.locator(`${panel} [data-action="practise"]`);
      assert.equal(await practise.innerText(), lang === 'ja' ? 'このディールをもう一度' : 'Play this deal again');
      // (Practice is the viewer's page's, as the deal review is: the table hands the game over.)
      await practise.click();
      await page.waitForURL(/viewer\.html/);
      await ready(page);
      await waitForTurn(page);
      const again = await position(page);
      assert.deepEqual(again.hand, dealt.hand, 'the same cards again');
      assert.match(await page.locator('#message').innerText(), lang === 'ja' ? /練習/ : /Practice/);
      await page.waitForSelector('#practice-end:not([hidden])');
      // Practice allows take-backs, and counts nothing.
      await playOne(page);
      await page.waitForSelector('#take-back:not([hidden])');
      await screenshot(`practice-${name}`);
      await playDeal(page, { leadDuck: true });
      await page.waitForSelector('#deal-end:not([hidden]) #practice-back');
      assert.equal(await page.locator('#game-over').isVisible(), false, 'a practice deal ends as a deal');
      await screenshot(`practice-over-${name}`);
      await page.click('#practice-back');
      await page.waitForSelector(`${panel}:not([hidden])`);
      const back = await position(page);
      assert.deepEqual(back.totals, scored.totals, "the game's score as it was");
      assert.equal(await page.locator('#practice-end').isVisible(), false);
      assert.deepEqual(problems.all(), []);
    });
  });
}

/** Plays deals of the seeded partnership games `out-0`, `out-1`… until
 * *Play out the rest* is offered at your turn (`offeredAt`: the deal and
 * the table's move counter there; else the first offer found), and clicks it. */
async function playUntilOffered(page, screenshot, offeredAt) {
  // (Seeded: with these seeds the second partnership deal is settled at move 45.)
  for (let deal = 0; deal < 4; deal++) {
    await newGame(page, { game: 'partnership', seats: ['human', 'normal', 'normal', 'normal'], seed: `out-${deal}` });
    for (let guard = 0; guard < 80; guard++) {
      const s = await waitForTurn(page);
      if (s.phase !== 'playing') break;
      const moves = await page.locator('#app').getAttribute('data-moves');
      if (offeredAt && offeredAt.deal === deal && offeredAt.moves === moves) {
        // Only the worker can tell here: its answer comes after the turn.
        await page.waitForSelector('#play-out:not([hidden])', { timeout: 10_000 });
      }
      if (await page.locator('#play-out').isVisible()) {
        await screenshot(offeredAt ? 'play-out-worker' : 'play-out');
        await changes(page, () => page.click('#play-out'));
        await page.waitForSelector('#deal-end:not([hidden]), #game-over:not([hidden])');
        assert.notEqual((await state(page)).phase, 'playing');
        return { deal, moves };
      }
      await playOne(page);
    }
  }
  return null;
}

test('play out the rest: offered once no choice can change a score, it finishes the deal; where the page cannot tell, the worker does', async () => {
  let offeredAt;
  await withPage({ path: '?seed=out&pace=0' }, async ({ page, problems, screenshot }) => {
    await ready(page);
    // Whether a deal's end is settled early depends on the cards: a few deals are tried.
    offeredAt = await playUntilOffered(page, screenshot, null);
    assert.ok(offeredAt, 'Play out the rest was offered before a deal ended');
    assert.deepEqual(problems.all(), []);
  });
  // The page's own thread searches nothing (`settle=worker`): the same
  // offer at the same position comes from the computers' worker.
  await withPage({ path: '?seed=out&pace=0&settle=worker' }, async ({ page, problems, screenshot }) => {
    await ready(page);
    const found = await playUntilOffered(page, screenshot, offeredAt);
    assert.deepEqual(found, offeredAt, 'offered at the same position, by the worker');
    assert.deepEqual(problems.all(), []);
  });
});
