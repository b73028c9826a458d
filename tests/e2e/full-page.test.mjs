// The page's two builds (src/web/full_page.rs, scripts/full-page.mjs): a visit
// loads the table alone; a rules-site link loads the full page at once, and the
// table hands a tab over to it (a reload) when the player asks for the author's
// tool, the replay viewer or a game with friends. Without the full page's files
// the table says so in one line and the game goes on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, newPage, screenshot, startServer, withPage } from './harness.mjs';
import { ready, waitForTurn, humanMove } from './play-helpers.mjs';

/**
 * Which build this page runs (the glue boot.js left on the loader's tag) and
 * whether it fetched the table's wasm at all.
 */
const builds = (page) =>
  page.evaluate(() => {
    const wasm = performance.getEntriesByType('resource').map((r) => r.name).filter((n) => n.endsWith('.wasm'));
    return {
      full: document.querySelector('script[data-js]').dataset.js.includes('duck-soup-full-'),
      table: wasm.some((n) => !n.includes('duck-soup-full-')),
    };
  });

test('a visit loads the table alone; the author\'s tool hands over to the full page, and its link opens there', async () => {
  await withPage({ path: '?pace=0&seed=full-page-1' }, async ({ page, problems, server, browser, screenshot }) => {
    await ready(page);
    assert.deepEqual(await builds(page), { full: false, table: true });
    await waitForTurn(page);
    for (let i = 0; i < 6; i++) {
      await humanMove(page);
      await waitForTurn(page);
    }
    const moves = await page.evaluate(() => document.querySelector('#app').dataset.moves);

    // The table's dialog offers the author's tool in the full page.
    await page.click('#share-tool');
    await page.waitForSelector('#share-dialog[open]');
    assert.equal(await page.locator('#author-link').count(), 0);
    await screenshot('full-page-offer');
    await page.click('#author-full-page');
    // The tab reloads into the full page, the same game, the dialog open on the tool.
    await page.waitForSelector('#share-dialog[open] #author-link');
    await ready(page);
    assert.deepEqual(await builds(page), { full: true, table: false });
    assert.equal(await page.evaluate(() => document.querySelector('#app').dataset.moves), moves, 'the game came back');
    const link = await page.inputValue('#author-link');
    assert.match(link, new RegExp(`\\?r=[\\w-]+&at=${moves}&lang=en$`));
    await screenshot('full-page-author-tool');
    await page.click('#share-close');
    // The game goes on in the full page.
    await humanMove(page);
    await waitForTurn(page);
    assert.deepEqual(problems.all(), []);

    // The link in a new tab of its own (nothing in its session): the full page at once.
    const other = await newPage(browser, { allowedOrigin: server.origin });
    await other.page.goto(link, { waitUntil: 'load' });
    await ready(other.page);
    await other.page.waitForSelector('#replay-bar');
    assert.equal(await other.page.locator('#replay-pos').getAttribute('data-pos').then(Number) > 0, true);
    assert.deepEqual(await builds(other.page), { full: true, table: false });
    assert.deepEqual(other.problems.all(), []);
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

test('without the full page\'s files, a game with a friend says so in one line and the computer takes the seat', async () => {
  const server = await startServer({});
  const browser = await launchBrowser();
  try {
    const { context, page } = await newPage(browser, { allowedOrigin: server.origin });
    // As offline before the full page was cached.
    await context.route('**/duck-soup-full-*', (route) => route.abort('internetdisconnected'));
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
    assert.deepEqual(await builds(page), { full: false, table: true });
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
