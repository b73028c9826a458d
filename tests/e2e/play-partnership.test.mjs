// A partnership deal through clicks: follow suit or quack, dimmed cards that
// say why they may not be played, High/Low badges and Aces marked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage } from './harness.mjs';
import { assertNoHiddenCards, calls, dealScores, newGame, playDeal, ready, state, waitForTurn } from './play-helpers.mjs';

const SEED = 'p1';

test('partnership: a deal with a quack and a dimmed card explained', async () => {
  await withPage({ path: `?seed=${SEED}&pace=0` }, async ({ page, problems, screenshot }) => {
    await ready(page);
    await newGame(page, { game: 'partnership', seats: ['human', 'normal', 'hard', 'easy'] });
    await waitForTurn(page);
    assert.equal(await page.locator('.seat').count(), 4);
    assert.equal(await page.locator('.seat.pos-bottom button.card[data-card]').count() >= 12, true);
    // One High and one Low member per side, shown on every seat.
    const badges = await page.locator('.seat .badge-high, .seat .badge-low').allInnerTexts();
    assert.equal(badges.length, 4);
    assert.equal(badges.filter((b) => /high/i.test(b)).length, 2);
    await assertNoHiddenCards(page);
    await screenshot('partnership-start');

    const log = await playDeal(page, { explainDimmed: true });
    console.log(`partnership deal: your quacks ${log.quacks}, explanations ${log.dimmed}`);
    assert.ok(log.dimmed.length > 0, 'a dimmed card was tapped');
    for (const m of log.dimmed) assert.match(m, /^You must follow (clubs|diamonds|hearts|spades) or quack with an? (Ace|[2-9]|10|Jack|Queen|King)\.$/);
    const seen = (await calls(page)).map((c) => c.call);
    assert.ok(seen.includes('quack'), `calls: ${seen}`);

    await page.waitForSelector('#deal-end:not([hidden])');
    const scores = await dealScores(page, 1);
    assert.equal(scores.length, 2, 'two sides');
    for (const { work, score } of scores) {
      const [a, b] = work.split('×').map((x) => Number(x.trim()));
      assert.equal(a * b, score, 'a side scores the product of its members');
      assert.ok(a + b > 0);
    }
    // 52 cards, each counted 1 (face down) or 2 (a quack card, face up).
    const sum = scores.reduce((t, { work }) => t + work.split('×').map(Number).reduce((x, y) => x + y), 0);
    assert.ok(sum >= 52 && sum <= 104, `member counts add up to ${sum}`);
    assert.equal((await state(page)).phase, 'deal-over');
    await screenshot('partnership-deal-over');
    assert.deepEqual(problems.all(), []);
  });
});

test('partnership on a phone: the table fits and reads', async () => {
  await withPage({ path: `?seed=${SEED}&pace=0`, viewport: { width: 390, height: 844 } }, async ({ page, problems, screenshot }) => {
    await ready(page);
    await newGame(page, { game: 'partnership' });
    await waitForTurn(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no sideways scrolling (${width}px)`);
    await screenshot('partnership-phone');
    // The score sheet opens from the toolbar on a phone.
    await page.click('#scores-toggle');
    await page.waitForSelector('#scores', { state: 'visible' });
    await screenshot('partnership-phone-scores');
    await page.click('#scores button[data-action="scores"]');
    await page.waitForSelector('#scores', { state: 'hidden' });
    assert.deepEqual(problems.all(), []);
  });
});
