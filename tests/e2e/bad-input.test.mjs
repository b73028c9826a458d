// Bad input never breaks the page: malformed links each give a clear message
// and a playable game; no request leaves the page after it has loaded; the
// page runs under its own Content-Security-Policy (www/index.html) without a
// violation (the harness fails a test on any).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_DIR, withPage } from './harness.mjs';
import { ready, waitForTurn, humanMove, state } from './play-helpers.mjs';

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'none'";

const CASES = [
  ['?g=9', /unknown game '9': use g=2, 3 or 4/],
  ['?g=2&o=parlett,bogus:1', /unknown option 'bogus' for the two-player game/],
  ['?g=2&o=family,deals:0', /option 'deals' must be a positive integer/],
  ['?g=3&o=family', /preset 'family' is for the two-player game only/],
  ['?g=2&s=hq', /players 'hq' must be 2 letters, each h, e, n, x or p/],
  [`?seed=${'x'.repeat(101)}`, /the seed must be 1 to 100 characters/],
  ['?seed=%E0%A4%A', /the seed must be 1 to 100 characters/],
];

test('malformed links: a specific message and a playable default game', async () => {
  await withPage({ path: '?pace=0' }, async ({ page, problems, server, screenshot }) => {
    for (const [query, why] of CASES) {
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${server.url}${query}&pace=0`);
      await ready(page);
      await waitForTurn(page);
      const msg = await page.locator('#message').innerText();
      assert.match(msg, /^This link could not be used \(/, `${query}: ${msg}`);
      assert.match(msg, why, query);
      const s = await state(page);
      assert.equal(s.phase, 'playing', query);
      assert.equal(await page.locator('#app').getAttribute('data-seats'), '2');
      assert.doesNotMatch(page.url(), /[?&](g|o|s|seed)=/, 'the bad link leaves the address');
      if (query === CASES[0][0]) await screenshot('bad-link');
      await humanMove(page);
    }
    assert.deepEqual(problems.all(), []);
  });
});

test('the page carries its CSP and sends no request after loading', async () => {
  const html = readFileSync(join(DIST_DIR, 'index.html'), 'utf8');
  const meta = html.match(/<meta[^>]*http-equiv="?Content-Security-Policy"?[^>]*>/i)?.[0] ?? '';
  assert.ok(meta.includes(`content="${CSP}"`), `the CSP meta tag: ${meta}`);
  assert.doesNotMatch(html, /'unsafe-inline'|'unsafe-eval'/);
  await withPage({ path: '?pace=0&seed=no-requests' }, async ({ page, problems }) => {
    await ready(page);
    await waitForTurn(page);
    // Loading is over once the network is quiet (the browser fetches the favicon itself).
    await page.waitForLoadState('networkidle');
    const requests = [];
    // (The tab's icon is the browser's own fetch, which it may repeat when the
    // address changes, as after a link is used: not the page's.)
    page.on('request', (r) => { if (/^https?:/.test(r.url()) && !r.url().endsWith('/icons/icon.svg')) requests.push(r.url()); });
    for (let i = 0; i < 10; i++) {
      await humanMove(page);
      await waitForTurn(page);
    }
    // The menu, the record, a download, the replay viewer, the daily deal.
    await page.click('#share-tool');
    await page.waitForSelector('#share-dialog[open]');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#record-download')]);
    await download.path();
    assert.deepEqual(requests, [], 'requests after load');
    // The replay viewer is its own page's: the table hands the record over
    // and the tab reloads into it, fetching that build and nothing else.
    await page.fill('#record-paste', await page.inputValue('#record-text'));
    await page.click('#record-import');
    await page.waitForSelector('#replay-bar');
    await page.waitForSelector('body[data-ready]');
    const files = requests.map((u) => new URL(u).pathname.slice(1)).sort();
    const tag = await page.locator('script[data-viewer-js]');
    const viewer = await Promise.all(['data-viewer-js', 'data-viewer-wasm', 'data-full-css'].map((a) => tag.getAttribute(a)));
    // Its worker: the script and the computers' own build.
    const thinker = await Promise.all(['data-thinker-js', 'data-thinker-wasm'].map((a) => tag.getAttribute(a)));
    const css = await page.locator('link[rel=stylesheet]').first().getAttribute('href');
    const allowed = new Set(['viewer.html', 'boot.js', css, ...viewer, 'worker.js', ...thinker].map((p) => p.replace(/^\.\//, '')));
    // (The page's glue imports the JavaScript its Rust declares: wasm-bindgen's snippets.)
    assert.deepEqual(files.filter((f) => !allowed.has(f) && !f.startsWith('snippets/')), [], "the hand-over loads the viewer's page alone");
    assert.ok(files.includes(viewer[1].replace(/^\.\//, '')), `the viewer's wasm is loaded: ${files}`);
    requests.length = 0;
    await page.click('#replay-reveal');
    await page.click('#replay-last');
    await page.click('#replay-back');
    await page.click('#replay-exit');
    await page.click('#share-tool');
    await page.click('#play-daily');
    await waitForTurn(page);
    await humanMove(page);
    assert.deepEqual(requests, [], 'requests after load');
    assert.deepEqual(problems.cspViolations, []);
    assert.deepEqual(problems.all(), []);
  });
});

// Decided here (the rules file is silent on the page's form): a target score or
// number of deals must be a whole number of at least 1; empty means the preset's.
for (const [lang, message] of [
  ['en', /^Play to a target score: enter a whole number of 1 or more/],
  ['ja', /^目標点まで遊ぶ:1以上の整数を入力してください/],
]) {
  test(`the new-game dialog refuses a target that is not a whole number of 1 or more, saying so in ${lang}`, async () => {
    await withPage({ path: `?pace=0&lang=${lang}` }, async ({ page, problems }) => {
      await ready(page);
      await page.click('#new-game');
      await page.waitForSelector('#new-game-dialog[open]');
      const target = '#new-game-dialog input[data-option="target"]';
      for (const bad of ['0', '-5', '2.5']) {
        await page.fill(target, bad);
        await page.click('#start-game');
        assert.match(await page.locator('#dialog-error').innerText(), message, `target ${bad}`);
        assert.ok(await page.locator('#new-game-dialog[open]').count(), 'the dialog stays open');
      }
      await page.fill(target, '300');
      await page.click('#start-game');
      await page.waitForSelector('#new-game-dialog', { state: 'hidden' });
      await waitForTurn(page);
      assert.match(await page.locator('#scores .caption').innerText(), /300/);
      assert.deepEqual(problems.all(), []);
    });
  });
}
