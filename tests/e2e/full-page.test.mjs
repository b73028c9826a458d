// The page's three builds (src/web/full_page.rs, scripts/full-page.mjs): a
// visit loads the table alone; a rules-site link loads the viewer's page at
// once, an invite online play's; and the table hands a tab over (a reload) to
// the viewer's page when the player asks for the author's tool, the replay
// viewer or a review, and to online play's for a game with friends. Each of
// those two hands over to the other the same way. Without a page's files the
// table says so in one line and the game goes on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, newPage, screenshot, startServer, withPage } from './harness.mjs';
import { ready, waitForTurn, humanMove } from './play-helpers.mjs';

/**
 * Which build this page runs (the glue boot.js left on the loader's tag:
 * `table`, `viewer` or `online`) and which builds' wasm this document fetched.
 */
const builds = (page) =>
  page.evaluate(() => {
    const build = (name) => name.match(/duck-soup-(viewer|online)-/)?.[1] ?? 'table';
    const wasm = performance.getEntriesByType('resource').map((r) => r.name).filter((n) => n.endsWith('.wasm'));
    return { runs: build(document.querySelector('script[data-js]').dataset.js), fetched: [...new Set(wasm.map(build))] };
  });

test('a visit loads the table alone; the author\'s tool hands over to the viewer\'s page, and its link opens there', async () => {
  await withPage({ path: '?pace=0&seed=full-page-1' }, async ({ page, problems, server, browser, screenshot }) => {
    await ready(page);
    assert.deepEqual(await builds(page), { runs: 'table', fetched: ['table'] });
    await waitForTurn(page);
    for (let i = 0; i < 6; i++) {
      await humanMove(page);
      await waitForTurn(page);
    }
    const moves = await page.evaluate(() => document.querySelector('#app').dataset.moves);

    // The table's dialog offers the author's tool in the viewer's page.
    await page.click('#share-tool');
    await page.waitForSelector('#share-dialog[open]');
    assert.equal(await page.locator('#author-link').count(), 0);
    await screenshot('full-page-offer');
    await page.click('#author-full-page');
    // The tab reloads into the viewer's page, the same game, the dialog open on the tool.
    await page.waitForSelector('#share-dialog[open] #author-link');
    await ready(page);
    assert.deepEqual(await builds(page), { runs: 'viewer', fetched: ['viewer'] });
    assert.match(page.url(), /\/viewer\.html\?pace=0$/);
    assert.equal(await page.evaluate(() => document.querySelector('#app').dataset.moves), moves, 'the game came back');
    const link = await page.inputValue('#author-link');
    assert.match(link, new RegExp(`\\?r=[\\w-]+&at=${moves}&lang=en$`));
    await screenshot('full-page-author-tool');
    await page.click('#share-close');
    // The game goes on in the viewer's page.
    await humanMove(page);
    await waitForTurn(page);
    assert.deepEqual(problems.all(), []);

    // The link in a new tab of its own (nothing in its session): the viewer's page at once.
    assert.match(link, /\/viewer\.html\?r=/);
    const other = await newPage(browser, { allowedOrigin: server.origin });
    await other.page.goto(link, { waitUntil: 'load' });
    await ready(other.page);
    await other.page.waitForSelector('#replay-bar');
    assert.equal(await other.page.locator('#replay-pos').getAttribute('data-pos').then(Number) > 0, true);
    assert.deepEqual(await builds(other.page), { runs: 'viewer', fetched: ['viewer'] });
    // As rules sites already have it (full.html, the full page's one document
    // before the split), and typed at the table's address: the viewer too.
    for (const at of [link.replace('/viewer.html', '/full.html'), link.replace('/viewer.html', '/')]) {
      await other.page.goto(at, { waitUntil: 'load' });
      await ready(other.page);
      await other.page.waitForSelector('#replay-bar');
      assert.equal((await builds(other.page)).runs, 'viewer', at);
    }
    assert.deepEqual(other.problems.all(), []);
  });
});

test("the viewer's page and online play's hand over to each other: a game with friends, then the author's tool", async () => {
  // A rules-site link (the one www/embed-example.html embeds), in the viewer.
  const record = 'r=AQAHcGFybGV0dAE6AQAHcnVsZXMtMBWR1LaDCDkm0Ie5wXATVeO1MsNBRwF2ag&at=15';
  await withPage({ path: `viewer.html?pace=0&lang=en&${record}` }, async ({ page, problems, screenshot }) => {
    await ready(page);
    await page.waitForSelector('#replay-bar');
    assert.deepEqual(await builds(page), { runs: 'viewer', fetched: ['viewer'] });
    // A game with a friend, set up in the viewer's page once its record is
    // left: online play's page makes the invite (its address without the
    // record: it has no viewer).
    await page.click('#replay-exit');
    await page.click('#new-game');
    await page.waitForSelector('#new-game-dialog[open]');
    await page.check('#new-game-dialog input[name=game][value="two-player"]');
    await page.selectOption('#new-game-dialog select[data-seat="1"]', 'friend');
    await page.click('#start-game');
    await page.waitForSelector('#invite-dialog[open]');
    await ready(page);
    await page.locator('#invite-link-1').waitFor({ timeout: 20_000 });
    assert.deepEqual(await builds(page), { runs: 'online', fetched: ['online'] });
    assert.match(page.url(), /\/online\.html\?pace=0&lang=en$/);
    await screenshot('full-page-online-from-viewer');
    // While the game with friends goes on, the records dialog offers no way to the viewer.
    await page.keyboard.press('Escape');
    await page.waitForSelector('#invite-dialog[open]', { state: 'detached' });
    await page.click('#share-tool');
    await page.waitForSelector('#share-dialog[open]');
    assert.equal(await page.locator('#author-full-page').count(), 0, 'no way to leave a game with friends for the viewer');
    await page.click('#share-close');

    // A game against the computer, in online play's page: its author's tool is the viewer's page's.
    await page.click('#new-game');
    await page.waitForSelector('#new-game-dialog[open]');
    await page.selectOption('#new-game-dialog select[data-seat="1"]', 'hard');
    await page.click('#start-game');
    await waitForTurn(page);
    await humanMove(page);
    await waitForTurn(page);
    const moves = await page.evaluate(() => document.querySelector('#app').dataset.moves);
    await page.click('#share-tool');
    await page.waitForSelector('#share-dialog[open]');
    await page.click('#author-full-page');
    await page.waitForSelector('#share-dialog[open] #author-link');
    await ready(page);
    assert.deepEqual(await builds(page), { runs: 'viewer', fetched: ['viewer'] });
    assert.equal(await page.evaluate(() => document.querySelector('#app').dataset.moves), moves, 'the game came back');
    assert.match(await page.inputValue('#author-link'), new RegExp(`\\?r=[\\w-]+&at=${moves}&lang=en$`));
    assert.deepEqual(problems.all(), []);
  });
});

test('the table alone, in Japanese: the way to the full page is worded', async () => {
  await withPage({ path: '?pace=0&lang=ja', viewport: { width: 360, height: 740 } }, async ({ page, problems, screenshot }) => {
    await ready(page);
    await page.click('#share-tool');
    await page.waitForSelector('#share-dialog[open]');
    assert.equal(await page.locator('#author-full-page').innerText(), 'ルールサイト用のリンク・埋め込みコード…');
    await screenshot('full-page-offer-ja-360');
    assert.deepEqual(problems.all(), []);
  });
});

test('without online play\'s files, a game with a friend says so in one line and the computer takes the seat', async () => {
  const server = await startServer({});
  const browser = await launchBrowser();
  try {
    const { context, page } = await newPage(browser, { allowedOrigin: server.origin });
    // As offline before online play's page was cached.
    await context.route('**/duck-soup-online-*', (route) => route.abort('internetdisconnected'));
    await page.goto(`${server.url}?pace=0&seed=full-page-2`, { waitUntil: 'load' });
    await ready(page);
    await page.click('#new-game');
    await page.waitForSelector('#new-game-dialog[open]');
    await page.check('#new-game-dialog input[name=game][value="two-player"]');
    await page.selectOption('#new-game-dialog select[data-seat="1"]', 'friend');
    await page.click('#start-game');
    await page.waitForFunction(() => /Online play could not be loaded/.test(document.querySelector('#message')?.textContent ?? ''), null, { timeout: 30_000 });
    const message = await page.locator('#message').innerText();
    assert.ok(!message.includes('\n'), message);
    // (In online play's document, whose own build could not be loaded.)
    assert.equal((await builds(page)).runs, 'table');
    assert.match(page.url(), /\/online\.html\?pace=0$/);
    // The computer plays the friend's seat, and the game goes on.
    await ready(page);
    await screenshot(page, 'full-page-missing-friend-to-computer');
    for (let i = 0; i < 6; i++) {
      await waitForTurn(page);
      await humanMove(page);
    }
    assert.ok(Number(await page.evaluate(() => document.querySelector('#app').dataset.moves)) >= 11);
  } finally {
    await browser.close().catch(() => {});
    await server.close();
  }
});
