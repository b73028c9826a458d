// Offline play: after one visit the service worker has precached the build,
// so the game starts and plays with the network off and the server gone; a
// new build replaces the old cache, with its own files even while the host's
// max-age keeps the old ones in the browser's HTTP cache; nothing is fetched
// after the page loads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { walk } from '../../scripts/files.mjs';
import { DOCUMENTS, FULL_PAGES } from '../../scripts/pages.mjs';
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

/**
 * Plays a card on our turn and sees the game move on, then plays on until a
 * computer has answered from its worker (worker.js and the glue from the
 * cache; you may win a trick and lead again).
 */
async function playUntilTheComputerAnswers(page) {
  await page.waitForSelector('#app[data-waiting="human"]', { timeout: 30_000 });
  const moves = await page.getAttribute('#app', 'data-moves');
  await page.locator('button.card[data-card]:not([aria-disabled="true"])').first().click();
  await page.waitForFunction((n) => document.querySelector('#app').dataset.moves !== n, moves, { timeout: 15_000 });
  const movesNow = async () => Number(await page.getAttribute('#app', 'data-moves'));
  for (let mine = 1; mine < 4; mine++) {
    await page.waitForSelector('#app[data-waiting="human"], #app[data-phase="deal-over"]', { timeout: 30_000 });
    if ((await movesNow()) > Number(moves) + mine || (await page.getAttribute('#app', 'data-phase')) !== 'playing') break;
    const before = await movesNow();
    await page.locator('button.card[data-card]:not([aria-disabled="true"])').first().click();
    await page.waitForFunction((n) => Number(document.querySelector('#app').dataset.moves) !== n, before, { timeout: 15_000 });
  }
  await page.waitForSelector('#app[data-waiting="human"], #app[data-phase="deal-over"]', { timeout: 30_000 });
}

/** A copy of dist/ to change as a "new build" would. */
function copyOfDist() {
  const dir = mkdtempSync(join(tmpdir(), 'duck-soup-dist-'));
  cpSync(DIST_DIR, dir, { recursive: true });
  return dir;
}

/** Takes the FILE.gz twins out of `dir`; returns the names of the files that had one. */
function takeOutTwins(dir) {
  const twins = walk(dir).filter((f) => f.endsWith('.gz'));
  for (const gz of twins) rmSync(gz);
  return twins.map((gz) => relative(dir, gz.slice(0, -'.gz'.length)));
}

/**
 * Rewrites sw.js in `dir` the way the build does, from this checkout's
 * www/sw.template.js (scripts/precache.mjs, before scripts/compress.mjs, so
 * that no FILE.gz is precached); then writes the FILE.gz twins again from the
 * files as they are now, sw.js's included (else the server would send a stale one).
 */
function rebuildWorker(dir) {
  const twins = takeOutTwins(dir);
  execFileSync('node', [join(REPO_ROOT, 'scripts/precache.mjs')], {
    env: { ...process.env, TRUNK_STAGING_DIR: dir, TRUNK_PROFILE: 'release' },
  });
  for (const name of new Set([...twins, 'sw.js'])) {
    writeFileSync(join(dir, `${name}.gz`), gzipSync(readFileSync(join(dir, name)), { level: 9 }));
  }
}

/**
 * Waits until the worker's caches are one, other than `old`: a new worker
 * has taken over and deleted the old cache. Returns the new cache's name.
 */
async function waitForNewCache(page, old) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const keys = await page.evaluate(() => caches.keys());
    if (keys.length === 1 && keys[0] !== old) return keys[0];
    assert.ok(Date.now() < deadline, `no new cache took the place of ${old} in 20 s: ${keys}`);
    await new Promise((r) => setTimeout(r, 250));
  }
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
    await playUntilTheComputerAnswers(page);
    assert.deepEqual(warnings.filter((w) => /worker/.test(w)), [], 'the computers think in their worker offline too');
    // The rules help's texts (fetched as a tab opens) come from the cache too.
    await page.click('#help-btn');
    await page.click('[data-help-game="partnership"]');
    await page.waitForSelector('#help-rules p');
    assert.match(await page.locator('#help-rules').innerText(), /partnership/i, 'the help offline');
    await page.keyboard.press('Escape');
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
    await waitForNewCache(page, first[0]);
    await page.reload({ waitUntil: 'load' });
    await waitForTable(page);
  } finally {
    await browser.close();
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
});

// Updates under a static host's caching. Hosts send the build's files with a
// max-age (GitHub Pages: 600 s), so just after a deploy the browser's HTTP
// cache still holds the old page. The new worker must precache from the
// server, not from that cache: else its cache holds the old page, which names
// wasm files the new cache lacks, and once those entries expire an offline
// start fails. Scaled down: a max-age of seconds, long enough for both visits
// and the update even on a busy machine (else the test says so), and a real
// wait for it to pass. (Playwright's request routing turns the HTTP cache
// off, so these pages are opened without it.)
const MAX_AGE = 15;

/**
 * Build B from build A in `from`: the table's and the full page's two pages' hashed glue
 * and wasm renamed (as a change to the Rust code renames them), every document
 * and script that names them rewritten, boot.js and worker.js changed too,
 * and the worker written again. Returns { dir, renamed: Map(old -> new) }.
 */
function buildB(from) {
  const dir = mkdtempSync(join(tmpdir(), 'duck-soup-dist-b-'));
  cpSync(from, dir, { recursive: true });
  const renamed = new Map();
  for (const name of readdirSync(dir)) {
    const hashed = name.match(new RegExp(`^(duck-soup-(?:(?:${FULL_PAGES.join('|')})-)?)([0-9a-f]+)((?:_bg)?\\.(?:js|wasm))$`));
    if (!hashed) continue;
    const [, stem, hash, tail] = hashed;
    const to = `${stem}${createHash('sha256').update(`B ${hash}`).digest('hex').slice(0, hash.length)}${tail}`;
    renameSync(join(dir, name), join(dir, to));
    renameSync(join(dir, `${name}.gz`), join(dir, `${to}.gz`));
    renamed.set(name, to);
  }
  const names = [...renamed.keys()];
  assert.ok(names.some((n) => /^duck-soup-[0-9a-f]+_bg\.wasm$/.test(n)), `the table's wasm renamed: ${names}`);
  for (const page of FULL_PAGES) {
    assert.ok(names.some((n) => new RegExp(`^duck-soup-${page}-[0-9a-f]+_bg\\.wasm$`).test(n)), `the ${page} page's wasm renamed: ${names}`);
  }
  // (The renamed glue keeps its content, and so the integrity hashes naming it;
  // it does not name the wasm: the loader hands it the module.)
  for (const name of [...DOCUMENTS, 'boot.js', 'worker.js']) {
    let text = readFileSync(join(dir, name), 'utf8');
    for (const [old, to] of renamed) text = text.replaceAll(old, to);
    if (name.endsWith('.js')) text += '\n// build B\n';
    writeFileSync(join(dir, name), text);
  }
  rebuildWorker(dir);
  return { dir, renamed };
}

/** Replaces everything in `root` (the folder a running server serves) by the files of `from`. */
function deploy(from, root) {
  for (const name of readdirSync(root)) rmSync(join(root, name), { recursive: true, force: true });
  cpSync(from, root, { recursive: true });
}

/**
 * What the worker's one cache holds (read in the page): the text of each of
 * `texts` (null when missing) and whether each of `files` is there.
 */
function cacheContents(page, texts, files) {
  return page.evaluate(async ([texts, files]) => {
    const keys = await caches.keys();
    if (keys.length !== 1) throw new Error(`not one cache but ${keys.length}: ${keys}`);
    const cache = await caches.open(keys[0]);
    const base = new URL('./', location.href).href;
    const entry = (p) => cache.match(new URL(p, base).href);
    const text = {};
    for (const p of texts) text[p] = (await (await entry(p))?.text()) ?? null;
    const has = {};
    for (const p of files) has[p] = (await entry(p)) !== undefined;
    return { text, has };
  }, [texts, files]);
}

for (const { what, path, glue } of [
  { what: 'the table', path: '', glue: /^duck-soup-[0-9a-f]+\.js$/ },
  { what: "the viewer's page", path: 'viewer.html', glue: /^duck-soup-viewer-[0-9a-f]+\.js$/ },
  { what: "online play's page", path: 'online.html', glue: /^duck-soup-online-[0-9a-f]+\.js$/ },
]) {
  test(`after an update under a host's max-age, ${what} still starts and plays offline`, async () => {
    const root = copyOfDist();
    rebuildWorker(root);
    const b = buildB(root);
    const server = await startServer({ root, base: BASE, headers: { 'Cache-Control': `max-age=${MAX_AGE}` } });
    const browser = await launchBrowser();
    try {
      // No allowedOrigin: the request routing it sets up would bypass the HTTP cache.
      const { context, page, problems } = await newPage(browser, { serviceWorkers: 'allow' });
      const firstVisit = Date.now();
      await page.goto(server.url + path, { waitUntil: 'load' });
      await waitForTable(page);
      await waitForController(page);
      const [cacheA] = await page.evaluate(() => caches.keys());

      // Build B in place of A, on the same server; then a visit, and the new
      // worker takes over (and deletes A's cache).
      deploy(b.dir, root);
      const deployed = Date.now();
      await page.reload({ waitUntil: 'load' });
      await waitForTable(page);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
      await waitForNewCache(page, cacheA);
      const took = (Date.now() - firstVisit) / 1000;
      assert.ok(
        took < MAX_AGE,
        `B was precached ${took} s after A's first visit, more than the max-age (${MAX_AGE} s): A's files may have ` +
          'left the HTTP cache, so this run could not tell a worker that precaches from it; raise MAX_AGE',
      );

      // B's worker holds B's pages and scripts, naming B's files only.
      const visited = path || './';
      const pages = [visited, ...['./', ...DOCUMENTS.slice(1)].filter((p) => p !== visited)];
      const renamedTo = [...b.renamed.values()];
      const cached = await cacheContents(page, [...pages, 'boot.js', 'worker.js'], renamedTo);
      for (const doc of pages) {
        for (const old of b.renamed.keys()) {
          assert.ok(!cached.text[doc].includes(old), `the new cache's ${doc} names build A's ${old}`);
        }
      }
      assert.equal(renamedTo.filter((f) => glue.test(f) && cached.text[visited].includes(f)).length, 1, `the new cache's ${visited} names B's glue`);
      for (const to of renamedTo) assert.ok(cached.has[to], `the new cache holds ${to}`);
      for (const script of ['boot.js', 'worker.js']) {
        assert.ok(cached.text[script].endsWith('// build B\n'), `the new cache's ${script} is build B's`);
      }

      // Once A's files have expired from the HTTP cache: network off, server gone, a visit.
      await new Promise((r) => setTimeout(r, Math.max(0, deployed + (MAX_AGE + 1) * 1000 - Date.now())));
      await server.close();
      await context.setOffline(true);
      problems.pageErrors.length = 0;
      problems.failedRequests.length = 0;
      const notFromCache = [];
      page.on('response', (r) => {
        if (!r.fromServiceWorker()) notFromCache.push(r.url());
      });
      // (With a query, as a link brings one: the worker ignores it.)
      await page.goto(`${server.url}${path}?pace=0`, { waitUntil: 'load' });
      await waitForTable(page);
      const started = await page.evaluate(() => document.querySelector('script[data-js]').dataset.js);
      assert.ok(
        renamedTo.some((f) => glue.test(f) && started.endsWith(f)),
        `${what} started from B's glue: ${started}`,
      );
      await playUntilTheComputerAnswers(page);
      await screenshot(page, `offline-after-update-${path.replace('.html', '') || 'table'}`);
      assert.deepEqual(problems.pageErrors, []);
      assert.deepEqual(problems.failedRequests, []);
      assert.deepEqual(notFromCache, [], 'everything came from the worker\'s cache');
    } finally {
      await browser.close();
      await server.close().catch(() => {});
      rmSync(root, { recursive: true, force: true });
      rmSync(b.dir, { recursive: true, force: true });
    }
  });
}
