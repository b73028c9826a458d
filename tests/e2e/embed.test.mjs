// Embedding (src/web/embed.rs, www/embed-example.html): the example host page
// shows the game in an iframe with ?embed=1; played to the end of a deal, the
// game posts deal-finished (and game-finished) to the host. An embedded game
// is never saved, shows no site chrome, and takes no orders by message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage } from './harness.mjs';
import { ready, playDeal, state } from './play-helpers.mjs';

test('the example host page: the game in its iframe reports the finished deal', async () => {
  await withPage({ path: 'embed-example.html?pace=0&o=family&seed=embed-test' }, async ({ page, problems, screenshot }) => {
    await page.waitForSelector('iframe#game');
    // (The page's illustrations are frames too: this is the game to play.)
    const frame = await (await page.$('iframe#game')).contentFrame();
    assert.ok(frame, 'the game frame');
    assert.match(frame.url(), /embed=1/);
    await ready(frame);
    assert.ok(await frame.evaluate(() => document.body.classList.contains('embed')));
    assert.equal(await frame.locator('.brand').isVisible(), false, 'no site chrome');
    assert.equal(await frame.locator('#share-tool').count(), 0);
    await screenshot('embed-example');

    // Messages from outside change nothing.
    const before = await state(frame);
    await page.evaluate(() => document.getElementById('game').contentWindow.postMessage({ source: 'duck-soup', type: 'play', card: '2C' }, '*'));
    await page.waitForTimeout(100);
    assert.equal((await state(frame)).moves, before.moves);

    await playDeal(frame);
    await page.waitForFunction(() => window.duckSoupEvents.some((e) => e.type === 'game-finished'));
    const events = await page.evaluate(() => window.duckSoupEvents);
    const deal = events.find((e) => e.type === 'deal-finished');
    assert.equal(deal.source, 'duck-soup');
    assert.equal(deal.game, 'two-player');
    assert.equal(deal.deal, 1);
    assert.equal(deal.scores.length, 2);
    assert.deepEqual(deal.totals, deal.scores);
    const end = events.find((e) => e.type === 'game-finished');
    assert.deepEqual(end.totals, deal.totals);
    assert.ok(end.winner === null || end.winner === 0 || end.winner === 1);
    assert.match(await page.locator('#events').innerText(), /Deal 1 finished: scores \d+ – \d+/);
    // Never saved: the visitor's own game is left alone.
    assert.equal(await frame.evaluate(() => localStorage.getItem('duck-soup.game')), null);
    await screenshot('embed-example-finished');
    assert.deepEqual(problems.all(), []);
  });
});

test('embed parameters: game, players and language', async () => {
  await withPage({ path: '?embed=1&g=4&s=hnnn&seed=embed-ja&lang=ja&pace=0', viewport: { width: 390, height: 844 } }, async ({ page, problems, screenshot }) => {
    await ready(page);
    assert.equal(await page.locator('#app').getAttribute('data-seats'), '4');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja');
    assert.match(page.url(), /seed=embed-ja/, 'an embed keeps its address');
    await screenshot('embed-ja-phone');
    assert.deepEqual(problems.all(), []);
  });
});
