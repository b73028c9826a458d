// Game records (src/web/records.rs): export the game as a RULES.md section 4
// record (download and text box), import it (paste or file) and replay it
// move by move, forward and back, with a switch to show every hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { withPage } from './harness.mjs';
import { ready, waitForTurn, humanMove } from './play-helpers.mjs';
import { snapshot } from './table-snapshot.mjs';

const hand = (page) => page.evaluate(() => [...document.querySelectorAll('.seat.pos-bottom .hand [data-card]')].map((c) => c.dataset.card));

async function openDialog(page) {
  await page.click('#share-tool');
  await page.waitForSelector('#share-dialog[open]');
}

test('an exported record downloads, imports and replays forward and back', async () => {
  await withPage({ path: '?pace=0&seed=records-1' }, async ({ page, problems, screenshot }) => {
    await ready(page);
    await waitForTurn(page);
    const start = await hand(page);
    for (let i = 0; i < 8; i++) {
      await humanMove(page);
      await waitForTurn(page);
    }
    const before = await snapshot(page);
    await openDialog(page);
    const text = await page.inputValue('#record-text');
    const record = JSON.parse(text);
    assert.equal(record.game, 'two-player');
    assert.equal(record.rules, 'parlett');
    assert.equal(record.deals[0].seed, 'records-1');
    const moves = record.deals[0].moves.split(' ');
    assert.equal(moves.length, Number(before.moves));

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#record-download')]);
    assert.match(download.suggestedFilename(), /^duck-soup-\d{4}-\d\d-\d\d\.json$/);
    assert.equal(readFileSync(await download.path(), 'utf8'), text);
    await screenshot('records-dialog');

    // Import by pasting: the viewer opens at the deal's start.
    await page.fill('#record-paste', text);
    await page.click('#record-import');
    await page.waitForSelector('#replay-bar');
    const pos = () => page.locator('#replay-pos').getAttribute('data-pos').then(Number);
    assert.equal(await pos(), 0);
    assert.equal(await page.locator('#replay-pos').getAttribute('data-total'), String(moves.length));
    assert.deepEqual(await hand(page), start);
    await page.click('#replay-forward');
    assert.equal(await pos(), 1);
    await page.click('#replay-last');
    assert.equal(await pos(), moves.length);
    const end = await snapshot(page);
    assert.deepEqual(end.hand, before.hand);
    assert.deepEqual(end.trick, before.trick);
    assert.equal(end.scores, before.scores.replace(' (you)', ''), 'the viewer is nobody in particular');
    await page.click('#replay-back');
    assert.equal(await pos(), moves.length - 1);
    assert.ok(await page.locator('#replay-forward').isEnabled());
    await page.click('#replay-first');
    assert.equal(await pos(), 0);
    assert.ok(await page.locator('#replay-back').isDisabled());
    // A record is public: every hand can be shown.
    assert.equal(await page.locator('.seat.pos-top .hand [data-card]').count(), 0);
    await page.click('#replay-reveal');
    assert.ok((await page.locator('.seat.pos-top .hand [data-card]').count()) > 0);
    await page.click('#replay-forward');
    // Other hands face up take smaller cards: the table keeps its height.
    assert.equal(await page.evaluate(() => document.documentElement.scrollHeight), 800, 'the revealed replay fits 1280x800');
    await screenshot('records-replay');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot('records-replay-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    // Nothing was saved while viewing; leaving puts the game back.
    await page.click('#replay-exit');
    await page.waitForSelector('#replay-bar', { state: 'detached' });
    await waitForTurn(page);
    assert.deepEqual(await snapshot(page), before);
    await humanMove(page);
    assert.deepEqual(problems.all(), []);
  });
});

test('a record file imports; a bad record says exactly what is wrong', async () => {
  await withPage({ path: '?pace=0' }, async ({ page, problems, screenshot }) => {
    await ready(page);
    await openDialog(page);
    await page.fill('#record-paste', '{"game": "two-player", "deals": [');
    await page.click('#record-import');
    assert.match(await page.locator('#record-error').innerText(), /^This record cannot be replayed: not valid JSON/);
    await page.fill('#record-paste', JSON.stringify({ game: 'five-player', deals: [] }));
    await page.click('#record-import');
    assert.match(await page.locator('#record-error').innerText(), /unknown game 'five-player'/);
    // An illegal move: the engine's own line (deal, move, reason).
    await page.fill('#record-paste', JSON.stringify({ game: 'two-player', deals: [{ seed: 'x', moves: '2C 2C' }] }));
    await page.click('#record-import');
    const err = await page.locator('#record-error').innerText();
    assert.match(err, /^This record cannot be replayed: deal 1, move \d: /);
    await screenshot('records-bad');
    assert.equal(await page.locator('#replay-bar').count(), 0);

    // A file: the partnership record of a whole deal played by the engine's own seed.
    const record = { game: 'partnership', first_dealer: 2, deals: [{ seed: 'file-import', moves: '' }] };
    await page.setInputFiles('#record-file', { name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(record)) });
    await page.waitForSelector('#replay-bar');
    assert.equal(await page.locator('#app').getAttribute('data-seats'), '4');
    assert.equal(await page.locator('#replay-pos').getAttribute('data-total'), '0');
    await page.click('#replay-exit');
    await waitForTurn(page);
    assert.equal(await page.locator('#app').getAttribute('data-seats'), '2');
    assert.deepEqual(problems.all(), []);
  });
});
