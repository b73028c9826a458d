// Pass and play: two people at one screen. Between two different people's
// turns a privacy screen covers the table, with no card face in the DOM,
// until the next player taps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage } from './harness.mjs';
import { assertNoHiddenCards, newGame, ready, state, waitForTurn } from './play-helpers.mjs';

async function faceUpCards(page) {
  return page.locator('button.card[data-card]').evaluateAll((els) => els.map((e) => e.dataset.card));
}

test('pass and play: the privacy screen between two human turns', async () => {
  await withPage({ path: '?seed=pp&pace=0' }, async ({ page, problems, screenshot }) => {
    await ready(page);
    await newGame(page, { game: 'two-player', seats: ['human', 'human'] });

    // The first player to move is asked for by name; nothing is face up yet.
    let s = await waitForTurn(page);
    assert.equal(s.waiting, 'privacy');
    await page.waitForSelector('#privacy:not([hidden])');
    const first = await page.locator('#privacy h2').innerText();
    assert.match(first, /^Pass to (South|North)$/);
    assert.deepEqual(await faceUpCards(page), []);
    await assertNoHiddenCards(page);
    await screenshot('pass-and-play-privacy');

    await page.click('#privacy-continue');
    s = await waitForTurn(page);
    assert.equal(s.waiting, 'human');
    const seatA = await page.locator('.seat.pos-bottom').getAttribute('data-seat');
    const handA = await faceUpCards(page);
    assert.equal(handA.length, 13);
    await assertNoHiddenCards(page);
    await screenshot('pass-and-play-first-hand');

    // Play a card: the other person is next, so the screen covers the table again.
    await page.locator('.seat.pos-bottom button.card.playable').first().click();
    await page.waitForSelector('#privacy:not([hidden])');
    const second = await page.locator('#privacy h2').innerText();
    assert.notEqual(second, first, 'the other player is asked for');
    assert.deepEqual(await faceUpCards(page), [], 'no hand is face up under the privacy screen');
    assert.equal((await state(page)).waiting, 'privacy');

    await page.click('#privacy-continue');
    await waitForTurn(page);
    const seatB = await page.locator('.seat.pos-bottom').getAttribute('data-seat');
    assert.notEqual(seatB, seatA, 'the table turned to the player to move');
    const handB = await faceUpCards(page);
    assert.equal(handB.length, 13);
    assert.equal(handB.filter((c) => handA.includes(c)).length, 0, 'the other hand is shown');
    assert.equal(await page.locator('#trick .card').count(), 1, 'the card led is on the table');
    await assertNoHiddenCards(page);
    await screenshot('pass-and-play-second-hand');
    assert.deepEqual(problems.all(), []);
  });
});
