// Offline play: after one visit the service worker has precached the build,
// so the game starts and plays with the network off and the server gone; a
// new build replaces the old cache; nothing is fetched after the page loads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST_DIR, REPO_ROOT, launchBrowser, newPage, screenshot, startServer } from './harness.mjs';

const BASE = '/games/duck-soup/';

/** Waits until the table shows a hand of playable cards. */
async function waitForTable(page) {
  await page.waitForSelector('button.card[data-card]', { timeout: 30_000 });
}

/** Waits until a service worker controls the page. */
async function waitForController(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15_000 });
}

/** A copy of dist/ to change as a "new build" would. */
function copyOfDist() {
  const dir = mkdtempSync(join(tmpdir(), 'duck-soup-dist-'));
  cpSync(DIST_DIR, dir, { recursive: true });
  return dir;
}

/** Rewrites sw.js in `dir` the way the build does (scripts/precache.mjs). */
function rebuildWorker(dir) {
  execFileSync('node', [join(REPO_ROOT, 'scripts/precache.mjs')], {
    env: { ...process.env, TRUNK_STAGING_DIR: dir, TRUNK_PROFILE: 'release' },
  });
}

test('a second visit with the network off starts and plays a game', async () => {
  const root = copyOfDist();
  const server = await startServer({ root, base: BASE });
  const browser = await launchBrowser();
  try {
    const { context, page, problems } = await newPage(browser, { allowedOrigin: server.origin, serviceWorkers: 'allow' });
    await page.goto(server.url, { waitUntil: 'load' });
    await waitForTable(page);
    await waitForController(page);
    const requestsAfterLoad = [];
    page.on('request', (r) => requestsAfterLoad.push(r.url()));

    // Network off and the server gone: everything must come from the cache.
    await server.close();
    await context.setOffline(true);
    requestsAfterLoad.length = 0;
    const warnings = [];
    page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
    await page.reload({ waitUntil: 'load' });
    await waitForTable(page);
    // Play a card on our turn and see the game move on.
    await page.waitForSelector('#app[data-waiting="human"]', { timeout: 30_000 });
    const moves = await page.getAttribute('#app', 'data-moves');
    await page.locator('button.card[data-card]:not([aria-disabled="true"])').first().click();
    await page.waitForFunction((n) => document.querySelector('#app').dataset.moves !== n, moves, { timeout: 15_000 });
    // The computer answers from its worker (worker.js and the glue from the
    // cache): play on until it has (you may win a trick and lead again).
    const movesNow = async () => Number(await page.getAttribute('#app', 'data-moves'));
    for (let mine = 1; mine < 4; mine++) {
      await page.waitForSelector('#app[data-waiting="human"], #app[data-phase="deal-over"]', { timeout: 30_000 });
      if ((await movesNow()) > Number(moves) + mine || (await page.getAttribute('#app', 'data-phase')) !== 'playing') break;
      const before = await movesNow();
      await page.locator('button.card[data-card]:not([aria-disabled="true"])').first().click();
      await page.waitForFunction((n) => Number(document.querySelector('#app').dataset.moves) !== n, before, { timeout: 15_000 });
    }
    await page.waitForSelector('#app[data-waiting="human"], #app[data-phase="deal-over"]', { timeout: 30_000 });
    assert.deepEqual(warnings.filter((w) => /worker/.test(w)), [], 'the computers think in their worker offline too');
    await screenshot(page, 'offline-second-visit');
    assert.deepEqual(problems.pageErrors, []);
    for (const url of requestsAfterLoad) {
      assert.ok(url.startsWith(server.origin), `request off the page's origin: ${url}`);
    }
  } finally {
    await browser.close();
    await server.close().catch(() => {});
    rmSync(root, { recursive: true, force: true });
  }
});

test('a new build replaces the old cache', async () => {
  const root = copyOfDist();
  const server = await startServer({ root, base: BASE });
  const browser = await launchBrowser();
  try {
    const { page } = await newPage(browser, { allowedOrigin: server.origin, serviceWorkers: 'allow' });
    await page.goto(server.url, { waitUntil: 'load' });
    await waitForTable(page);
    await waitForController(page);
    const first = await page.evaluate(() => caches.keys());
    assert.equal(first.length, 1, `one cache after the first visit: ${first}`);

    // A new build: some file changes, so the worker and its cache name change.
    const manifest = join(root, 'manifest.webmanifest');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"Duck Soup"', '"Duck Soup!"'));
    rebuildWorker(root);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await page.waitForFunction(
      async (old) => {
        const keys = await caches.keys();
        return keys.length === 1 && keys[0] !== old;
      },
      first[0],
      { timeout: 20_000, polling: 250 },
    );
    await page.reload({ waitUntil: 'load' });
    await waitForTable(page);
  } finally {
    await browser.close();
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
});
