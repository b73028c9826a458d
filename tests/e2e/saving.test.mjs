// Saving (src/web/persist.rs, format version 2): a move rewrites only the deal
// in progress, so its save is as small after 600 deals as at the start; a
// game saved by the previous version (format 1) resumes after the upgrade;
// when storage is full the player is told and the last save stays intact.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DIST_DIR, launchBrowser, newPage, screenshot, startServer } from './harness.mjs';
import { ready, waitForTurn, humanMove, state, twoComputerDeals, versionOneSave } from './play-helpers.mjs';
import { snapshot } from './table-snapshot.mjs';

async function withServer(fn) {
  const server = await startServer({ root: DIST_DIR });
  const browser = await launchBrowser();
  try {
    const { page, problems } = await newPage(browser, { allowedOrigin: server.origin });
    await fn({ page, problems, open: (path) => page.goto(server.url + path) });
  } finally {
    await browser.close();
    await server.close();
  }
}

/** The saved game's `game` key, parsed. */
const savedGame = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('duck-soup.game')));

/** Records every localStorage write from now on: { key, size } (size in characters). */
async function recordWrites(page) {
  await page.evaluate(() => {
    window.__writes = [];
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      window.__writes.push({ key, size: String(value).length });
      return setItem.call(this, key, value);
    };
  });
}

/** The writes one person's move causes (with the computer's answer up to the person's next turn). */
async function writesOfOneMove(page) {
  await page.evaluate(() => { window.__writes = []; });
  await humanMove(page);
  await waitForTurn(page);
  return page.evaluate(() => window.__writes);
}

/**
 * Fills localStorage until it takes nothing more, not one more character in
 * any value. Returns the keys it added.
 */
async function fillStorage(page) {
  return page.evaluate(() => {
    const keys = [];
    let chunk = 'x'.repeat(1 << 20);
    for (let i = 0; chunk.length > 0; i++) {
      try {
        localStorage.setItem(`filler.${i}`, chunk);
        keys.push(`filler.${i}`);
      } catch {
        chunk = chunk.slice(0, chunk.length >> 1);
      }
    }
    // What a new key cannot use, a longer value still might: grow one until refused.
    const last = keys.at(-1);
    let value = localStorage.getItem(last);
    for (;;) {
      try {
        localStorage.setItem(last, `${value}x`);
        value += 'x';
      } catch {
        return keys;
      }
    }
  });
}

test('a long game saved by the previous version resumes, and a move saves as little as at the start', { timeout: 180_000 }, async () => {
  await withServer(async ({ page, problems, open }) => {
    const two = await twoComputerDeals(page, open, 'long-game');
    const movesPerPair = two.deals.reduce((n, d) => n + d.moves.split(' ').length, 0);

    // A fresh game: what one move writes at the start.
    await page.evaluate(() => localStorage.clear());
    await open('?pace=0&seed=long-game');
    await ready(page);
    await waitForTurn(page);
    await recordWrites(page);
    const early = await writesOfOneMove(page);
    assert.ok(early.length > 0, 'a move is saved');
    assert.deepEqual([...new Set(early.map((w) => w.key))], ['duck-soup.game'], 'a move rewrites only the game in progress');

    // 600 finished deals, saved in format 1 as players' browsers hold them.
    const finished = 600;
    await page.evaluate((text) => { localStorage.clear(); localStorage.setItem('duck-soup.game', text); }, JSON.stringify(versionOneSave(two, finished)));
    await open('?pace=0');
    await ready(page);
    const resumed = await waitForTurn(page);
    assert.equal(resumed.phase, 'playing');
    assert.equal(await page.locator('#message').innerText().catch(() => ''), '', 'no notice: the old save is used as it is');
    assert.ok(resumed.moves >= (finished / 2) * movesPerPair, `${resumed.moves} moves resumed`);
    assert.equal(await page.locator(`#scores tr[data-deal="${finished}"]`).count(), 1, 'every finished deal is on the score sheet');

    // Saved again in format 2: each finished deal in its own key, once.
    const head = await savedGame(page);
    assert.equal(head.v, 2);
    assert.equal(head.earlier, finished);
    assert.equal(head.record.deals.length, 1, 'only the deal in progress is in the game key');
    const dealKeys = await page.evaluate((id) => Object.keys(localStorage).filter((k) => k.startsWith(`duck-soup.deal.${id}.`)).length, head.id);
    assert.equal(dealKeys, finished);
    assert.deepEqual(
      await page.evaluate((id) => JSON.parse(localStorage.getItem(`duck-soup.deal.${id}.2`)), head.id),
      two.deals[1],
      'a stored deal is written as a record writes it',
    );

    // One move now writes what it wrote at the start, not the 600 deals.
    await recordWrites(page);
    const late = await writesOfOneMove(page);
    assert.deepEqual([...new Set(late.map((w) => w.key))], ['duck-soup.game']);
    const most = (ws) => Math.max(...ws.map((w) => w.size));
    assert.ok(most(late) <= most(early) + 100, `a move's save: ${most(late)} characters after ${finished} deals, ${most(early)} at the start`);
    const whole = await page.evaluate(() => Object.entries(localStorage).reduce((n, [k, v]) => n + (k.startsWith('duck-soup.') ? v.length : 0), 0));
    assert.ok(whole > 50 * most(late), `the whole save is ${whole} characters`);

    // And it resumes from format 2 exactly.
    const before = await snapshot(page);
    await page.reload();
    await ready(page);
    await waitForTurn(page);
    assert.deepEqual(await snapshot(page), before);
    assert.deepEqual(problems.all(), []);
  });
});

test('a short game saved by the previous version resumes exactly where it was', async () => {
  await withServer(async ({ page, problems, open }) => {
    await open('?pace=0&seed=upgrade');
    await ready(page);
    for (let i = 0; i < 5; i++) {
      await waitForTurn(page);
      await humanMove(page);
    }
    await waitForTurn(page);
    const before = await snapshot(page);
    // The same game as the previous version saved it.
    const now = await savedGame(page);
    const v1 = { v: 1, record: now.record, players: now.players, seed: now.seed, ai_seed: now.ai_seed, bottom: 0 };
    // Statistics and settings as the previous version kept them too.
    const stats = { v: 1, games: { 'two-player/normal': { played: 3, won: 1, best: 42 }, 'three-player/hard': { played: 1, won: 0, best: 9 } } };
    await page.evaluate(([game, stats]) => {
      localStorage.clear();
      localStorage.setItem('duck-soup.game', game);
      localStorage.setItem('duck-soup.stats', stats);
      localStorage.setItem('duck-soup.four-colour', '1');
      localStorage.setItem('duck-soup.sort', 'rank');
    }, [JSON.stringify(v1), JSON.stringify(stats)]);
    await page.reload();
    await ready(page);
    await waitForTurn(page);
    assert.deepEqual({ ...(await snapshot(page)), hand: null }, { ...before, hand: null });
    assert.deepEqual([...(await snapshot(page)).hand].sort(), [...before.hand].sort(), 'the same hand, now sorted by rank');
    assert.ok(await page.evaluate(() => document.body.classList.contains('four-colour')));
    assert.deepEqual(JSON.parse(await page.evaluate(() => localStorage.getItem('duck-soup.settings'))), { four_colour: true, pace: 'normal', sort: 'rank', auto_play: true, card_size: 'normal', theme: 'system' }, 'the old keys moved; the newer settings at their defaults (the only card playing itself, normal cards, the colours the device asks for)');
    assert.equal(await page.evaluate(() => localStorage.getItem('duck-soup.sort')), null, 'the old setting keys are moved');
    await page.click('#share-tool');
    await page.waitForSelector('#share-dialog[open] #stats');
    assert.match(await page.locator('#stats tr[data-key="two-player/normal"]').innerText(), /Two players · Normal\s+3\s+1\s+42/);
    assert.match(await page.locator('#stats tr[data-key="three-player/hard"]').innerText(), /Three players.* · Hard\s+1\s+0\s+9/);
    await page.click('#share-close');
    const upgraded = await savedGame(page);
    assert.equal(upgraded.v, 2);
    assert.deepEqual(upgraded.record, now.record);
    assert.equal(upgraded.ai_seed, now.ai_seed);
    await humanMove(page);
    assert.deepEqual(problems.all(), []);
  });
});

for (const [lang, notice] of [
  ['en', /^Not saved: the browser's storage is full or blocked\. Your last save is kept\.$/],
  ['ja', /^保存できませんでした（.*）。前回の保存は残っています。$/],
]) {
  test(`storage full: the player is told (${lang}) and the last save resumes intact`, { timeout: 60_000 }, async () => {
    await withServer(async ({ page, problems, open }) => {
      await open(`?pace=0&seed=storage-full&lang=${lang}`);
      await ready(page);
      for (let i = 0; i < 3; i++) {
        await waitForTurn(page);
        await humanMove(page);
      }
      await waitForTurn(page);
      const before = await snapshot(page);
      const savedText = await page.evaluate(() => localStorage.getItem('duck-soup.game'));

      const filler = await fillStorage(page);
      assert.ok(filler.length > 0);
      await humanMove(page);
      await waitForTurn(page);
      assert.match(await page.locator('#message').innerText(), notice);
      assert.equal(await page.evaluate(() => localStorage.getItem('duck-soup.game')), savedText, 'the last save is untouched');
      await screenshot(page, `storage-full-${lang}`);
      if (lang === 'en') {
        await page.setViewportSize({ width: 360, height: 640 });
        await screenshot(page, 'storage-full-phone');
        await page.setViewportSize({ width: 1280, height: 800 });
      }
      // Still playable while nothing can be saved.
      await humanMove(page);
      await waitForTurn(page);

      // The next visit resumes the last save.
      await page.reload();
      await ready(page);
      await waitForTurn(page);
      assert.deepEqual(await snapshot(page), before);
      // With room again, saving carries on without a notice.
      await page.evaluate((keys) => keys.forEach((k) => localStorage.removeItem(k)), filler);
      await humanMove(page);
      await waitForTurn(page);
      assert.doesNotMatch(await page.locator('#message').innerText().catch(() => ''), notice);
      assert.ok((await savedGame(page)).record.deals[0].moves.split(' ').length > Number(before.moves), 'saved again');
      assert.equal((await state(page)).phase, 'playing');
      assert.deepEqual(problems.all(), []);
    });
  });
}

test('unusable saved data in the new format is set aside with a one-line notice', async () => {
  await withServer(async ({ page, problems, open }) => {
    await open('?pace=0');
    await ready(page);
    const tryWith = async (items) => {
      // (Not while a computer thinks: its move would save over what is set here.)
      await waitForTurn(page);
      await page.evaluate((entries) => {
        localStorage.clear();
        for (const [k, v] of entries) localStorage.setItem(k, v);
      }, items);
      await page.reload();
      await ready(page);
      const s = await waitForTurn(page);
      assert.equal(s.phase, 'playing', 'a playable new game');
      return page.locator('#message').innerText();
    };
    const game = (fields) => JSON.stringify({
      v: 2, id: '00112233aabbccdd', players: ['human', 'normal'], ai_seed: '1', bottom: 0, earlier: 1,
      record: { game: 'two-player', rules: 'parlett', first_dealer: 0, deals: [{ seed: 'next', moves: '' }] },
      ...fields,
    });
    // A finished deal's key is missing.
    let msg = await tryWith([['duck-soup.game', game({})]]);
    assert.match(msg, /^The saved game could not be read \(deal 1: missing\)\. It was set aside/);
    // A stored deal holds an illegal move: the engine's line, numbered in the whole game.
    msg = await tryWith([['duck-soup.game', game({})], ['duck-soup.deal.00112233aabbccdd.1', JSON.stringify({ seed: 'first', moves: '2C 2C' })]]);
    assert.match(msg, /could not be read \(deal 1, move \d: /);
    assert.ok(await page.evaluate(() => localStorage.getItem('duck-soup.deal.00112233aabbccdd.1')), 'the set-aside game keeps its deals');
    // A token that is not one ours (it names keys).
    msg = await tryWith([['duck-soup.game', game({ id: '../x\n' })]]);
    assert.match(msg, /could not be read \(id: not a game token\)/);
    // Nested thousands deep, and a line break in a player's name: one line each.
    msg = await tryWith([['duck-soup.game', `{"v":2,"x":${'['.repeat(20000)}${']'.repeat(20000)}}`]]);
    assert.match(msg, /could not be read \(nested more than 32 deep\)/);
    msg = await tryWith([['duck-soup.game', game({ players: ['human', 'normal\nhard'] })]]);
    assert.match(msg, /could not be read \(unknown variant .*normal\\nhard/);
    assert.doesNotMatch(msg, /\n/);
    // Stray deal keys of no saved game are removed.
    await tryWith([['duck-soup.deal.ffff.1', '{}'], ['duck-soup.deal.ffff.2', '{}']]);
    assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('duck-soup.deal.ffff')).length), 0);
    assert.deepEqual(problems.all(), []);
  });
});
