// A three-player deal through clicks: Ducks (Jokers) led with their suit
// chosen and shown on the table, quacks up to Quack-quack-quack, and a card
// that may not be played explaining why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STRICT_CSP, withPage } from './harness.mjs';
import { assertNoHiddenCards, calls, dealScores, newGame, playDeal, ready, state, waitForTurn } from './play-helpers.mjs';

// With this seed (cards and first dealer come from it alone) you lead the
// first trick holding a Duck, whatever the computer players do later.
const SEED = 'duck3';

// Played under the strict CSP (STRICT_CSP in harness.mjs):
// the table must never need an inline style or script while it plays.

test('three-player: a deal with a led Duck, its suit chosen, and quacks', async () => {
  const headers = { 'Content-Security-Policy': STRICT_CSP };
  await withPage({ path: `?seed=${SEED}&pace=0`, headers }, async ({ page, problems, screenshot }) => {
    await ready(page);
    await newGame(page, { game: 'three-player' });
    await waitForTurn(page);
    assert.equal(await page.locator('.seat').count(), 3);
    assert.equal(await page.locator('.seat.pos-bottom button.card[data-card]').count(), 9, 'nine cards each');
    assert.equal(await page.locator('.seat.pos-left .card.back').count() + await page.locator('.seat.pos-right .card.back').count() >= 16, true);
    assert.match(await page.locator('.stock').innerText(), /27|26|25/);
    await assertNoHiddenCards(page);
    await screenshot('three-player-start');

    const log = await playDeal(page, { leadDuck: true, explainDimmed: true });
    assert.ok(log.ledDucks.length > 0, 'you led a Duck');
    console.log(`three-player deal: led Ducks ${JSON.stringify(log.ledDucks)}, your quacks ${log.quacks}, explanations ${log.dimmed}`);
    for (const d of log.ledDucks) {
      const allowed = d.card === 'XR' ? ['D', 'H'] : ['C', 'S'];
      assert.ok(allowed.includes(d.suit), `${d.card} names a suit of its colour`);
      assert.equal(d.shown?.card, d.card, 'the led Duck shows the suit it stands for');
      assert.equal(d.shown?.suit, d.suit);
    }
    for (const m of log.dimmed) assert.match(m, /^After two quacks you may only say Duck or play the fourth /);
    const seen = (await calls(page)).map((c) => c.call);
    assert.ok(seen.includes('quack'), `calls: ${seen}`);

    await page.waitForSelector('#deal-end:not([hidden])');
    const scores = await dealScores(page, 1);
    assert.equal(scores.length, 3);
    for (const { work, score } of scores) {
      const [duck, soup] = work.split('×').map((x) => Number(x.trim()));
      assert.equal(duck * soup, score);
    }
    assert.equal((await state(page)).phase, 'deal-over');
    await screenshot('three-player-deal-over');
    assert.deepEqual(problems.all(), []);
  });
});

test('three-player: the Duck-suit chooser on a phone', async () => {
  await withPage({ path: `?seed=${SEED}&pace=0`, viewport: { width: 390, height: 844 } }, async ({ page, problems, screenshot }) => {
    await ready(page);
    await newGame(page, { game: 'three-player' });
    // You lead first, holding a Duck: tapping it asks which suit it stands for.
    await waitForTurn(page);
    await page.locator('.seat.pos-bottom button.card.playable.joker').first().click();
    await page.waitForSelector('#chooser button[data-suit]');
    assert.equal(await page.locator('#chooser button[data-suit]').count(), 2);
    assert.equal((await state(page)).moves, 0, 'nothing is played before the suit is named');
    await screenshot('three-player-phone-duck-chooser');
    const suit = await page.locator('#chooser button[data-suit]').last().getAttribute('data-suit');
    await page.locator('#chooser button[data-suit]').last().click();
    await page.waitForFunction(() => document.querySelector('#app').dataset.moves !== '0');
    assert.deepEqual((await page.evaluate(() => window.__named)).map((n) => n.suit), [suit]);
    assert.deepEqual(problems.all(), []);
  });
});
