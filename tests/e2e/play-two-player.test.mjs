// A whole two-player deal played through clicks alone, on the game that the
// page starts by itself (you against a Normal computer). ?seed= fixes the
// cards and the computer's choices, ?pace=0 makes it quick.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage } from './harness.mjs';
import { assertNoHiddenCards, calls, dealScores, newGame, playDeal, ready, state, waitForTurn } from './play-helpers.mjs';

const SEED = 's2';

test('two-player: a whole deal by clicks, with a quack, its call and its sound', async () => {
  await withPage({ path: `?seed=${SEED}&pace=0` }, async ({ page, problems, screenshot }) => {
    await ready(page);
    const s = await state(page);
    assert.equal(s.phase, 'playing', 'the default game starts at once');
    assert.equal(await page.locator('.seat').count(), 2);
    assert.equal(await page.locator('.seat.pos-bottom button.card[data-card]').count(), 13, 'your 13 cards, face up');
    assert.equal(await page.locator('.seat.pos-top .card.back').count(), 13, "North's 13 cards, face down");
    assert.match(await page.locator('#course').innerText(), /Duck course: lower card wins, Ace low/);
    assert.match(await page.locator('.stock').innerText(), /26/);
    await assertNoHiddenCards(page);
    await waitForTurn(page);
    assert.match(await page.locator('#status').innerText(), /Your (lead|turn)/);
    await screenshot('two-player-start');

    // Play until the first quack of ours, and look at the table right then.
    const first = await playDeal(page, { untilQuack: true });
    assert.ok(first.quacks.length > 0, 'the Quack! button was live at least once');
    assert.equal(first.quacks[0], 'Quack!');
    assert.match(first.onQuack.banner, /Quack|Duck/, 'a call is shown big on the table');
    const ours = first.onQuack.calls.filter((c) => c.call === 'quack' && c.text.includes('South'));
    assert.equal(ours.length, 1, `our "Quack!" was announced: ${JSON.stringify(first.onQuack.calls)}`);
    assert.ok(first.onQuack.soundsAfter > first.onQuack.soundsBefore, 'a quack sound was started');
    await screenshot('two-player-quack');

    const rest = await playDeal(page);
    const all = await calls(page);
    assert.ok(all.some((c) => c.call === 'quack' && c.text.includes('South')), `calls seen: ${JSON.stringify(all)}`);
    await assertNoHiddenCards(page);

    // The deal is over: the score sheet and the panel tell the score (a
    // deal can reach 250 at once: then it is the game-over panel).
    const over = (await state(page)).phase;
    assert.ok(over === 'deal-over' || over === 'game-over', over);
    const panel = over === 'deal-over' ? '#deal-end' : '#game-over';
    await page.waitForSelector(`${panel}:not([hidden])`);
    assert.match(await page.locator('#course').innerText(), /Soup course: higher card wins, Ace high/);
    const scores = await dealScores(page, 1);
    assert.equal(scores.length, 2);
    for (const { work, score } of scores) {
      const [duck, soup] = work.split('×').map((x) => Number(x.trim()));
      assert.equal(duck * soup, score, `deal score ${score} = Duck ${duck} × Soup ${soup}`);
    }
    const text = await page.locator(panel).innerText();
    for (const { score } of scores) assert.ok(text.includes(String(score)), text);
    const totals = await page.locator('#scores tfoot td').allInnerTexts();
    assert.deepEqual(totals.map(Number), scores.map((x) => x.score));
    console.log(`two-player deal: ${first.moves + rest.moves} moves by you, scores ${JSON.stringify(scores)}`);
    await screenshot('two-player-deal-over');
    assert.deepEqual(problems.all(), []);
  });
});

test('two-player: the next deal, to a target set in the dialog', async () => {
  await withPage({ path: `?seed=${SEED}&pace=0` }, async ({ page, problems }) => {
    await ready(page);
    await page.click('#new-game');
    await page.fill('#new-game-dialog input[data-option="target"]', '5000');
    await page.click('#start-game');
    // (The new game starts in the task after the click's; the dialog closes once it is drawn.)
    await page.waitForSelector('#new-game-dialog', { state: 'hidden' });
    await waitForTurn(page);
    assert.match(await page.locator('#scores .caption').innerText(), /5000/);
    const dealer1 = await page.locator('.seat:has(.badge-dealer)').getAttribute('data-seat');
    await playDeal(page);
    await page.waitForSelector('#deal-end:not([hidden])');
    assert.match(await page.locator('#deal-end').innerText(), /Deal 1 is over/);
    await page.click('#next-deal');
    await waitForTurn(page);
    assert.equal((await state(page)).phase, 'playing');
    assert.equal(await page.locator('.seat.pos-bottom button.card[data-card]').count(), 13);
    const dealer2 = await page.locator('.seat:has(.badge-dealer)').getAttribute('data-seat');
    assert.notEqual(dealer2, dealer1, 'the deal alternates');
    assert.ok(await dealScores(page, 1), 'deal 1 stays on the score sheet');
    assert.equal(await page.locator('#scores tr.live').count(), 1, 'deal 2 is in play');
    assert.deepEqual(problems.all(), []);
  });
});

test('two-player family rules: one deal, then the game is over with a winner', async () => {
  await withPage({ path: `?seed=${SEED}&pace=0` }, async ({ page, problems, screenshot }) => {
    await ready(page);
    await newGame(page, { game: 'two-player', seats: ['human', 'easy'], preset: 'family' });
    await playDeal(page);
    await page.waitForSelector('#game-over:not([hidden])');
    const text = await page.locator('#game-over').innerText();
    assert.match(text, /wins the game|tie/);
    const scores = await dealScores(page, 1);
    for (const { work, score } of scores) {
      const [duck, soup] = work.split('+').map((x) => Number(x.trim()));
      assert.equal(duck + soup, score, 'family rules add the courses');
    }
    await screenshot('two-player-game-over');
    // New game from the game-over panel opens the dialog.
    await page.click('#game-over button[data-action="new-game"]');
    await page.waitForSelector('#new-game-dialog[open]');
    await page.click('#start-game');
    // (The new game starts in the task after the click's; the dialog closes once it is drawn.)
    await page.waitForSelector('#new-game-dialog', { state: 'hidden' });
    await waitForTurn(page);
    assert.equal((await state(page)).phase, 'playing');
    assert.deepEqual(problems.all(), []);
  });
});

test('the mute switch is remembered, and a panic shows the error panel', async () => {
  await withPage({ path: '?pace=0' }, async ({ page, problems }) => {
    await ready(page);
    assert.equal(await page.locator('#mute').getAttribute('aria-pressed'), 'false');
    await page.click('#mute');
    assert.equal(await page.locator('#mute').getAttribute('aria-pressed'), 'true');
    await page.reload();
    await ready(page);
    assert.equal(await page.locator('#mute').getAttribute('aria-pressed'), 'true', 'muted after a reload');
    await page.click('#mute');
    assert.equal(await page.locator('#mute').getAttribute('aria-pressed'), 'false');
    assert.deepEqual(problems.all(), []);

    // Never a blank page: an internal error shows a panel with a way out.
    await page.goto(page.url().replace('?pace=0', '?pace=0&panic'));
    await page.waitForSelector('#error-panel', { timeout: 30_000 });
    assert.match(await page.locator('#error-panel').innerText(), /Something went wrong[\s\S]*test panic/);
    const link = page.locator('#error-panel a');
    assert.equal(await link.innerText(), 'New game');
    await link.click();
    await page.waitForSelector('#app[data-phase="playing"]');
    assert.equal(await page.locator('#error-panel').count(), 0);
  });
});
