// Never losing a game (src/web/persist.rs): the game in progress is saved after
// every move and resumed on reload exactly where it was (hands, trick, scores,
// turn), a computer's turn carries on, statistics are kept under their own
// key, and saved data that cannot be used is set aside with a message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage, launchBrowser, newPage, startServer, DIST_DIR } from './harness.mjs';
import { ready, waitForTurn, humanMove, playDeal, state } from './play-helpers.mjs';
import { snapshot } from './table-snapshot.mjs';

/** Plays human moves until a card is on the table and it is the person's turn (mid-trick). */
async function playUntilMidTrick(page, minMoves = 6) {
  for (let i = 0; i < 200; i++) {
    const s = await waitForTurn(page);
    assert.equal(s.phase, 'playing');
    const onTable = await page.locator('#trick [data-card]').count();
    if (s.moves >= minMoves && onTable > 0 && s.waiting === 'human') return;
    await humanMove(page);
  }
  throw new Error('never mid-trick');
}

test('a reload mid-trick resumes the game exactly; the link parameters leave the address', async () => {
  await withPage({ path: '?pace=0&seed=persist-mid-trick' }, async ({ page, problems, screenshot }) => {
    await ready(page);
    assert.doesNotMatch(page.url(), /seed=/, 'the address no longer deals the linked game again');
    assert.match(page.url(), /pace=0/, 'other parameters stay');
    await playUntilMidTrick(page);
    const before = await snapshot(page);
    assert.ok(before.trick.length > 0, 'a card is on the table');
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('duck-soup.game')));
    assert.equal(saved.v, 2);
    assert.match(saved.id, /^[0-9a-f]{16}$/);
    assert.equal(saved.earlier, 0, 'the first deal is the one in progress');
    assert.equal(saved.record.game, 'two-player');
    assert.equal(saved.record.deals[0].seed, 'persist-mid-trick');

    await page.reload();
    await ready(page);
    await waitForTurn(page);
    const after = await snapshot(page);
    assert.deepEqual(after, before, 'the same hands, trick, scores and turn');
    await screenshot('persist-resumed');
    // And it plays on.
    await humanMove(page);
    assert.deepEqual(problems.all(), []);
  });
});

test("a computer's turn resumes after a reload, as it would have gone on", async () => {
  const server = await startServer({ root: DIST_DIR });
  const browser = await launchBrowser();
  try {
    // Uninterrupted: one human move, then the computer answers.
    const a = await newPage(browser, { allowedOrigin: server.origin });
    await a.page.goto(`${server.url}?pace=0&seed=persist-computer`);
    await ready(a.page);
    await waitForTurn(a.page);
    await humanMove(a.page);
    await waitForTurn(a.page);
    const expected = await snapshot(a.page);

    // Interrupted: the computer is still "thinking" (slow pace) when the page reloads.
    const b = await newPage(browser, { allowedOrigin: server.origin });
    await b.page.goto(`${server.url}?pace=200&seed=persist-computer`);
    await ready(b.page);
    await waitForTurn(b.page);
    await humanMove(b.page);
    await b.page.waitForSelector('#app[data-waiting="computer"]');
    await b.page.goto(`${server.url}?pace=0`);
    await ready(b.page);
    await waitForTurn(b.page);
    assert.deepEqual(await snapshot(b.page), expected);
    assert.deepEqual(a.problems.all(), []);
    assert.deepEqual(b.problems.all(), []);
  } finally {
    await browser.close();
    await server.close();
  }
});

test('statistics per game and level survive corrupt saved games', async () => {
  await withPage({ path: '?pace=0&g=2&o=family&s=hn&seed=persist-stats' }, async ({ page, problems, screenshot }) => {
    await ready(page);
    await playDeal(page);
    await page.waitForSelector('#app[data-phase="game-over"]');
    const stats = await page.evaluate(() => JSON.parse(localStorage.getItem('duck-soup.stats')));
    const row = stats.games['two-player/normal'];
    assert.equal(row.played, 1);
    assert.ok(row.won === 0 || row.won === 1);
    assert.ok(row.best > 0, `best deal score ${row.best}`);

    // The finished game's panel leads to sharing, the record and the statistics.
    await page.click('#game-over-share');
    await page.waitForSelector('#share-dialog[open] #stats');
    assert.match(await page.locator('#stats tr[data-key="two-player/normal"]').innerText(), /Two players · Normal\s+1\s+[01]\s+\d+/);
    await screenshot('persist-stats');
    await page.click('#share-close');

    // Corrupt the saved game: the page says so, sets it aside, starts a playable game, keeps the statistics.
    await page.evaluate(() => localStorage.setItem('duck-soup.game', '{"v":1,"record":{"game":"two-player","deals":[{"seed":"x","moves":"ZZ"}]'));
    await page.reload();
    await ready(page);
    await waitForTurn(page);
    assert.match(await page.locator('#message').innerText(), /saved game could not be read \(not valid JSON/);
    assert.equal((await state(page)).phase, 'playing');
    assert.match(await page.evaluate(() => localStorage.getItem('duck-soup.game.set-aside')), /"ZZ"/);
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('duck-soup.stats')));
    assert.deepEqual(kept.games['two-player/normal'], row, 'statistics untouched');
    await screenshot('persist-corrupt');
    await humanMove(page);
    assert.deepEqual(problems.all(), []);
  });
});

test('saved data: an illegal move, an unknown version, a crash while loading, and a version-0 record', async () => {
  await withPage({ path: '?pace=0' }, async ({ page, problems }) => {
    await ready(page);
    // Until the person's turn, a computer's answer may still come (from its
    // worker) and the page would save over the saved data set below.
    await waitForTurn(page);
    const tryWith = async (value) => {
      await page.evaluate((v) => localStorage.setItem('duck-soup.game', v), value);
      await page.reload();
      await ready(page);
      await waitForTurn(page);
      return page.locator('#message').innerText().catch(() => '');
    };
    const players = ['human', 'normal'];
    // An illegal move: the engine's own line.
    let msg = await tryWith(JSON.stringify({ v: 1, record: { game: 'two-player', deals: [{ seed: 's', moves: 'QX' }] }, players, ai_seed: '1' }));
    assert.match(msg, /could not be read \(deal 1, move 1: .*\)/);
    // A newer format.
    msg = await tryWith(JSON.stringify({ v: 99, anything: true }));
    assert.match(msg, /format this version does not know \(version 99\)/);
    assert.equal(await page.evaluate(() => localStorage.getItem('duck-soup.game.set-aside')), JSON.stringify({ v: 99, anything: true }));
    // The page died while resuming last time: set aside rather than try again.
    await page.evaluate(() => localStorage.setItem('duck-soup.game.loading', '1'));
    msg = await tryWith(await page.evaluate(() => localStorage.getItem('duck-soup.game')));
    assert.match(msg, /stopped while loading/);
    // Version 0 (a bare record) is migrated and resumed.
    msg = await tryWith(JSON.stringify({ game: 'two-player', first_dealer: 1, deals: [{ seed: 'v0-game', moves: '' }] }));
    assert.equal(msg, '');
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('duck-soup.game')));
    assert.equal(saved.v, 2);
    assert.equal(saved.record.deals[0].seed, 'v0-game');
    assert.deepEqual(problems.all(), []);
  });
});
