// Game records (src/web/records.rs): export the game as a RULES.md section 4
// record (download and text box), import it (paste or file) and replay it
// move by move, forward and back, with a switch to show every hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DIST_DIR, launchBrowser, newPage, startServer, withPage } from './harness.mjs';
import { ready, waitForTurn, humanMove, twoComputerDeals, repeatedRecord } from './play-helpers.mjs';
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

test('oversized records are refused at once, naming the limit', async () => {
  await withPage({ path: '?pace=0' }, async ({ page, problems, screenshot }) => {
    await ready(page);
    await openDialog(page);
    const error = () => page.locator('#record-error').innerText();
    // 1.2 MB pasted: refused before it is read.
    await page.evaluate(() => { document.querySelector('#record-paste').value = `{"game":"two-player","deals":[${' '.repeat(1_200_000)}]}`; });
    await page.click('#record-import');
    assert.equal(await error(), 'This record is too large to replay (1.2 MB): the limit is 1 MB.');
    await screenshot('records-too-large');
    // A 20 MB file: refused from its size, without reading it.
    await page.setInputFiles('#record-file', { name: 'huge.json', mimeType: 'application/json', buffer: Buffer.alloc(20_000_000, 32) });
    await page.waitForFunction(() => document.querySelector('#record-error').textContent.includes('20 MB'));
    assert.equal(await error(), 'This record is too large to replay (20 MB): the limit is 1 MB.');
    // Small, but more deals than any real game.
    const deals = Array.from({ length: 1001 }, () => ({ seed: 'x', moves: '' }));
    await page.fill('#record-paste', JSON.stringify({ game: 'two-player', deals }));
    await page.click('#record-import');
    assert.equal(await error(), 'This record is too long to replay (1,001 deals): the limit is 1,000 deals.');
    // Nested thousands deep (it would overflow the stack of a recursive reader).
    await page.fill('#record-paste', `{"game":"two-player","deals":[],"x":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    await page.click('#record-import');
    assert.equal(await error(), 'This record cannot be replayed: nested more than 32 deep');
    // Unknown members and wrong types: serde names what does not fit, on one line.
    await page.fill('#record-paste', JSON.stringify({ game: 'two-player', deals: [{ seed: 7, moves: 'line\nbreak' }] }));
    await page.click('#record-import');
    assert.match(await error(), /^This record cannot be replayed: not a record: invalid type: .*expected a string$/);
    assert.equal(await page.locator('#replay-bar').count(), 0, 'no viewer opened');
    // Still usable: a good record replays.
    await page.fill('#record-paste', JSON.stringify({ game: 'two-player', deals: [{ seed: 'after', moves: '' }] }));
    await page.click('#record-import');
    await page.waitForSelector('#replay-bar');
    assert.deepEqual(problems.all(), []);
  });
});

test('the size refusal in Japanese', async () => {
  await withPage({ path: '?pace=0&lang=ja' }, async ({ page, problems, screenshot }) => {
    await ready(page);
    await openDialog(page);
    await page.evaluate(() => { document.querySelector('#record-paste').value = ' '.repeat(2_500_000); });
    await page.click('#record-import');
    assert.equal(await page.locator('#record-error').innerText(), 'この記録は大きすぎて再生できません（2.5 MB）。上限は 1 MB です。');
    await screenshot('records-too-large-ja');
    assert.deepEqual(problems.all(), []);
  });
});

/** The viewer's position and what the table shows there, without the scores (they count every deal before). */
async function viewed(page) {
  const s = await snapshot(page);
  return { pos: Number(await page.locator('#replay-pos').getAttribute('data-pos')), hand: s.hand, trick: s.trick, others: s.others, piles: s.piles };
}

async function importRecord(page, record) {
  // (A finished game's panel covers the header: its own Share button opens the dialog.)
  const over = page.locator('#game-over-share');
  await ((await over.isVisible()) ? over.click() : page.click('#share-tool'));
  await page.waitForSelector('#share-dialog[open]');
  await page.fill('#record-paste', JSON.stringify(record));
  await page.click('#record-import');
  await page.waitForSelector('#replay-bar');
}

test('the replay viewer steps through a 1,000-deal record, across its kept copies, as through a short one', { timeout: 180_000 }, async (t) => {
  const server = await startServer({ root: DIST_DIR });
  const browser = await launchBrowser();
  try {
    const { page, problems } = await newPage(browser, { allowedOrigin: server.origin });
    const two = await twoComputerDeals(page, (path) => page.goto(server.url + path), 'viewer-long');
    const [lengthA, lengthB] = two.deals.map((d) => d.moves.split(' ').length);
    const total = (n) => Math.ceil(n / 2) * (lengthA + 1) + Math.floor(n / 2) * (lengthB + 1) - 1;

    /**
     * Steps with a button `times` times; returns how long each click's
     * handlers ran in the page (the step is done within them: replay and rendering).
     */
    const step = async (button, times = 1) => {
      const ms = [];
      for (let i = 0; i < times; i++) {
        const before = await page.locator('#replay-pos').getAttribute('data-pos');
        ms.push(await page.evaluate((id) => {
          const start = performance.now();
          document.getElementById(id).click();
          return performance.now() - start;
        }, `replay-${button}`));
        await page.waitForFunction((b) => document.querySelector('#replay-pos').dataset.pos !== b, before);
      }
      return ms;
    };

    // The two deals alone: the end of each, and the first deal's last moves.
    await importRecord(page, two);
    assert.equal(await page.locator('#replay-pos').getAttribute('data-total'), String(total(2)));
    await step('last');
    const endOfB = await viewed(page);
    await step('back', lengthB + 1);
    const endOfA = await viewed(page);
    const shortSteps = await step('back', 10);
    const beforeEndOfA = await viewed(page);
    await page.click('#replay-exit');

    // 65 deals: the last (an A) starts a new kept copy (every 64 deals); stepping
    // back from it crosses into the copy before, and shows the same tables.
    await importRecord(page, repeatedRecord(two, 65));
    assert.equal(await page.locator('#replay-pos').getAttribute('data-total'), String(total(65)));
    await step('last');
    assert.deepEqual({ ...(await viewed(page)), pos: 0 }, { ...endOfA, pos: 0 });
    await step('back', lengthA + 1);
    assert.deepEqual({ ...(await viewed(page)), pos: 0 }, { ...endOfB, pos: 0 }, 'deal 64, the end of a B, from the copy before');
    await step('forward', lengthA + 1);
    assert.deepEqual({ ...(await viewed(page)), pos: 0 }, { ...endOfA, pos: 0 });
    await page.click('#replay-exit');

    // 1,000 deals: a step costs what it costs with two.
    await importRecord(page, repeatedRecord(two, 1000));
    assert.equal(await page.locator('#replay-pos').getAttribute('data-total'), String(total(1000)));
    await step('last');
    assert.deepEqual({ ...(await viewed(page)), pos: 0 }, { ...endOfB, pos: 0 });
    await step('back', lengthB + 1);
    const longSteps = await step('back', 10);
    assert.deepEqual({ ...(await viewed(page)), pos: 0 }, { ...beforeEndOfA, pos: 0 });
    const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
    t.diagnostic(`a step back: median ${median(shortSteps).toFixed(1)} ms with 2 deals, ${median(longSteps).toFixed(1)} ms with 1,000`);
    // Replaying the whole record at each step, as before, took 140-160 ms a
    // step at 1,000 deals on the machine where a step now takes about 10.
    assert.ok(
      median(longSteps) < 4 * median(shortSteps) + 40,
      `a step took ${median(longSteps)} ms with 1,000 deals, ${median(shortSteps)} ms with 2`,
    );
    assert.deepEqual(problems.all(), []);
  } finally {
    await browser.close();
    await server.close();
  }
});
