// Learning: the walkthrough completed through clicks (the real engine on a
// fixed deal, the coach saying what to do and why, the suggested card
// highlighted), the Hint button, and the rules help for each game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage } from './harness.mjs';
import { ready, state, waitForTurn, newGame } from './play-helpers.mjs';

async function clickAndWaitMove(page, locator) {
  const before = (await state(page)).moves;
  await locator.click();
  await page.waitForFunction(
    (b) => Number(document.querySelector('#app').dataset.moves) !== b || document.querySelector('#chooser:not([hidden])'),
    before,
    { timeout: 20_000 },
  );
  if (await page.locator('#chooser:not([hidden]) .hinted').count()) {
    await page.locator('#chooser .hinted').first().click();
  }
}

for (const lang of ['en', 'ja']) {
  test(`the walkthrough, completed through clicks (${lang})`, { timeout: 120_000 }, async () => {
    await withPage({ path: `?pace=0&lang=${lang}` }, async ({ page, problems, screenshot }) => {
      await ready(page);
      await page.click('#help-btn');
      await page.click('#start-tutorial');
      await page.waitForSelector('#coach');
      const intro = await page.locator('#coach-text').innerText();
      assert.match(intro, lang === 'en' ? /Welcome/ : /ようこそ/);
      await screenshot(`walkthrough-${lang}-intro`);
      await page.click('#coach-next');
      const said = [];
      for (let step = 0; step < 40; step++) {
        const s = await waitForTurn(page);
        assert.equal(s.phase, 'playing');
        if (await page.locator('#coach-end.primary').count()) break;
        const text = await page.locator('#coach-text').innerText();
        if (said.at(-1) !== text) said.push(text);
        // The suggestion is highlighted: click it.
        await page.waitForSelector('.hinted', { timeout: 20_000 });
        if (step === 0) await screenshot(`walkthrough-${lang}-step`);
        await clickAndWaitMove(page, page.locator('.hinted').first());
      }
      assert.ok(await page.locator('#coach-end.primary').count(), 'the walkthrough reached its end');
      assert.ok(said.length >= 2, `the coach explained each step: ${said.join(' | ')}`);
      await screenshot(`walkthrough-${lang}-done`);
      await page.click('#coach-end');
      await page.waitForSelector('#coach', { state: 'detached' });
      assert.equal(await page.locator('.hinted').count(), 0);
      assert.deepEqual(problems.all(), []);
    });
  });
}

test('Hint shows the Hard player\'s choice on the hand, with a reason', { timeout: 60_000 }, async () => {
  await withPage({ path: '?pace=0&seed=hint-1' }, async ({ page, problems, screenshot }) => {
    await ready(page);
    for (const game of ['two-player', 'three-player', 'partnership']) {
      const seats = game === 'two-player' ? ['human', 'normal'] : game === 'three-player' ? ['human', 'normal', 'normal'] : ['human', 'normal', 'normal', 'normal'];
      await newGame(page, { game, seats, seed: `hint-${game}` });
      await waitForTurn(page);
      await page.click('#hint');
      await page.waitForSelector('.hinted');
      const message = await page.locator('#message').innerText();
      assert.match(message, /^Hint: (lead|play|quack|say Duck|add)/, message);
      const target = await page.evaluate(() => {
        const h = document.querySelector('.hinted');
        return h.dataset.card ?? h.id;
      });
      // The highlighted card is one that may be played now.
      if (target.length === 2) {
        assert.ok(await page.locator(`.seat.pos-bottom .hand [data-card="${target}"].playable`).count(), `${target} is playable`);
      }
      await screenshot(`hint-${game}`);
    }
    assert.deepEqual(problems.all(), []);
  });
});

test('the rules help shows each game\'s rules, fetched as its tab opens', async () => {
  await withPage({ path: '?pace=0' }, async ({ page, problems }) => {
    await ready(page);
    await page.click('#help-btn');
    await page.waitForSelector('#help-dialog[open]');
    for (const [game, words] of [['two-player', /duck-house/], ['three-player', /Jokers/], ['partnership', /partnership/i]]) {
      await page.click(`[data-help-game="${game}"]`);
      await page.waitForFunction(
        (g) => document.querySelector(`[data-help-game="${g}"]`).getAttribute('aria-pressed') === 'true' && document.querySelector('#help-rules p'),
        game,
      );
      assert.match(await page.locator('#help-rules').innerText(), words, `the rules of ${game}`);
    }
    await page.keyboard.press('Escape');
    assert.deepEqual(problems.all(), []);
  });
});
