// Share links and the daily deal (src/web/share.rs): a link encodes the game,
// rules, players and seed; opening it in another browser deals the same cards.
// The daily deal is the same for everyone on a UTC date and ends with a result
// line to share that names no card.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DIST_DIR, launchBrowser, newPage, startServer } from './harness.mjs';
import { ready, waitForTurn, playDeal, dealScores } from './play-helpers.mjs';

const hand = (page) => page.evaluate(() => [...document.querySelectorAll('.seat.pos-bottom .hand [data-card]')].map((c) => c.dataset.card));
const trick = (page) => page.evaluate(() => [...document.querySelectorAll('#trick [data-card]')].map((c) => c.dataset.card));

async function withServer(fn) {
  const server = await startServer({ root: DIST_DIR });
  const browser = await launchBrowser();
  try {
    await fn({ server, browser, open: async (path, opts = {}) => {
      const p = await newPage(browser, { allowedOrigin: server.origin, ...opts });
      await p.page.goto(server.url + path);
      await ready(p.page);
      await waitForTurn(p.page);
      return p;
    } });
  } finally {
    await browser.close();
    await server.close();
  }
}

async function shareLink(page) {
  await page.click('#share-tool');
  await page.waitForSelector('#share-dialog[open]');
  const link = await page.inputValue('#share-link');
  return link;
}

test('a shared link deals the same cards in another browser', async () => {
  await withServer(async ({ server, open }) => {
    // A game dealt at random still has a (random) seed, so it can be shared.
    const a = await open('?pace=0', { viewport: { width: 1280, height: 800 } });
    const link = await shareLink(a.page);
    assert.match(link, /\?g=2&s=hn&seed=~[a-z0-9]{10}$/);
    await a.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    await a.page.click('#share-link-copy');
    await a.page.waitForFunction(() => document.querySelector('#share-link-copy').textContent === 'Copied');
    assert.equal(await a.page.evaluate(() => navigator.clipboard.readText()), link);
    const { screenshot } = await import('./harness.mjs');
    await screenshot(a.page, 'share-dialog');

    const b = await open(`${link.slice(link.indexOf('?'))}&pace=0`);
    assert.deepEqual(await hand(b.page), await hand(a.page), 'the same hand');
    assert.deepEqual(await trick(b.page), await trick(a.page), 'the same lead');
    assert.doesNotMatch(b.page.url(), /seed=/);

    // Rules and players too: three players, cards counted and added, a Hard opponent.
    const path = '?g=3&o=parlett,scoring:cards,combine:add&s=hnx&seed=share%20test&pace=0';
    const c = await open(path);
    const d = await open(path, { viewport: { width: 390, height: 844 } });
    assert.deepEqual(await hand(c.page), await hand(d.page));
    assert.equal((await hand(c.page)).length > 0, true);
    const link2 = await shareLink(c.page);
    assert.match(link2, /\?g=3&o=parlett%2Cscoring%3Acards%2Ccombine%3Aadd&s=hnx&seed=share%20test$/);
    const { screenshot: shot } = await import('./harness.mjs');
    await d.page.click('#share-tool');
    await d.page.waitForSelector('#share-dialog[open]');
    await shot(d.page, 'share-dialog-phone');
    for (const p of [a, b, c, d]) assert.deepEqual(p.problems.all(), []);
  });
});

test('the daily deal: the same cards for everyone today, and a result that spoils nothing', async () => {
  await withServer(async ({ open }) => {
    const a = await open('?daily&pace=0');
    const b = await open('?daily&pace=0');
    assert.deepEqual(await hand(a.page), await hand(b.page));
    const today = new Date().toISOString().slice(0, 10);
    const saved = await a.page.evaluate(() => JSON.parse(localStorage.getItem('duck-soup.game')));
    assert.equal(saved.seed, `daily-${today}`);
    assert.deepEqual(saved.record.rules, { preset: 'parlett', deals: 1 });

    // From the menu too.
    const c = await open('?pace=0');
    await c.page.click('#share-tool');
    await c.page.click('#play-daily');
    await c.page.waitForSelector('#share-dialog', { state: 'hidden' });
    await waitForTurn(c.page);
    assert.deepEqual(await hand(c.page), await hand(a.page));

    await playDeal(a.page);
    await a.page.waitForSelector('#app[data-phase="game-over"]');
    assert.equal(await a.page.locator('#game-over-share').innerText(), 'Share result');
    const { screenshot } = await import('./harness.mjs');
    await screenshot(a.page, 'daily-game-over');
    const sheet = await dealScores(a.page, 1);
    await a.page.click('#game-over-share');
    const result = await a.page.inputValue('#daily-text');
    const figures = result.match(new RegExp(`^Duck Soup daily ${today} · two-player · (\\d+) × (\\d+) = (\\d+) vs \\d+ · (won 🦆|lost|tied)$`));
    assert.ok(figures, result);
    const [duck, soup, score] = figures.slice(1, 4).map(Number);
    assert.equal(duck * soup, score, `my Duck points × my Soup points: ${result}`);
    assert.ok(result.includes(` · ${sheet[0].work} = ${sheet[0].score} vs ${sheet[1].score} · `), `${result}; the score sheet: ${JSON.stringify(sheet)}`);
    assert.doesNotMatch(result, /\b([2-9TJQKA][CDHS]|X[BR])\b/, 'no card named');
    await screenshot(a.page, 'daily-result');
    for (const p of [a, b, c]) assert.deepEqual(p.problems.all(), []);
  });
});

// The result's figures are the score sheet's, whichever seat the person has
// (they once showed another seat's points: "5 × 15 = 40" where the sheet said 5 × 8).
for (const [query, game, me] of [
  ['?daily&s=nh', 'two-player', 1],
  ['?daily&g=3&s=nnh', 'three-player', 2],
  ['?daily&g=4&s=nhnn', 'partnership', 1],
]) {
  test(`the daily result of ${game} with the person in seat ${me} says what the score sheet says`, { timeout: 60_000 }, async () => {
    await withServer(async ({ open }) => {
      const p = await open(`${query}&pace=0`);
      await playDeal(p.page);
      await p.page.waitForSelector('#app[data-phase="game-over"]');
      const sheet = await dealScores(p.page, 1);
      await p.page.click('#game-over-share');
      const result = await p.page.inputValue('#daily-text');
      const m = result.match(/^Duck Soup daily \d{4}-\d\d-\d\d · ([a-z-]+) · (\d+ [×+] \d+) = (\d+) vs ([\d /]+) · (won 🦆|lost|tied)$/);
      assert.ok(m, result);
      assert.equal(m[1], game);
      const mine = game === 'partnership' ? me % 2 : me;
      assert.equal(m[2], sheet[mine].work, `the working: ${result}; the sheet: ${JSON.stringify(sheet)}`);
      assert.equal(Number(m[3]), sheet[mine].score);
      assert.deepEqual(m[4].split(' / ').map(Number), sheet.filter((_, i) => i !== mine).map((c) => c.score));
      assert.deepEqual(p.problems.all(), []);
    });
  });
}
